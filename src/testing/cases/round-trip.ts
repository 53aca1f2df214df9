import fc from 'fast-check';
import { expect } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { canonicalMessage, makeMessage, toInputs } from '../fixtures.ts';
import { arbMemoryMessage } from '../message-arbitraries.ts';
import type { StoreCase } from '../store-case.ts';

/** A user, assistant and tool message using every awkward value a driver must keep exactly. */
export function richMessages(): MemoryMessage[] {
  const bytes = new Uint8Array([0, 1, 2, 127, 128, 254, 255]);
  const awkward =
    'ünïcødé 🧠 日本語 עברית \u0000 NUL \ud800 lone \udfff surrogates \u2028\u2029 "quotes" \\ back';
  return [
    {
      id: 'rich-user',
      role: 'user',
      createdAt: new Date('2024-02-29T23:59:59.999Z'),
      name: 'Zoë',
      metadata: { source: 'test', nested: { list: [1, 'two', null, true, { deep: 1.5 }] }, empty: {} },
      agent: { from: 'planner', to: 'researcher', kind: 'call' },
      providerOptions: { openai: { cacheControl: { type: 'ephemeral' } } },
      content: [
        { type: 'text', text: awkward, providerOptions: { anthropic: { cache: true } } },
        {
          type: 'image',
          image: new URL('https://example.com/a%20b.png?x=1&y=2#frag'),
          mediaType: 'image/png',
        },
        { type: 'file', data: bytes, mediaType: 'application/octet-stream', filename: 'blob.bin' },
        {
          type: 'file',
          data: { type: 'url', url: new URL('https://example.com/doc.pdf') },
          mediaType: 'application/pdf',
        },
      ],
    },
    {
      id: 'rich-assistant',
      role: 'assistant',
      createdAt: new Date(0),
      agent: { from: 'researcher', kind: 'response' },
      content: [
        { type: 'reasoning', text: 'thinking…' },
        { type: 'text', text: '' },
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'search',
          input: { q: awkward, n: 3, f: 0.25, neg: -7, arr: [], obj: { $date: 'not a date', $bytes: 'x' } },
        },
      ],
    },
    {
      id: 'rich-tool',
      role: 'tool',
      createdAt: new Date(8.64e15),
      metadata: {
        $esc: { a: 1 },
        $url: 'plain string',
        one: { $date: '2020-01-01' },
        two: { $bytes: 'AAAA' },
        three: { $url: 'https://x.y' },
        four: { $esc: { $esc: 1 } },
      },
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'search',
          output: { type: 'json', value: { rows: [{ id: 1, text: awkward }], $url: 'https://not-a-url' } },
        },
      ],
    },
  ];
}

/** Messages are returned exactly as they were appended. */
export const roundTripCases: StoreCase[] = [
  {
    name: 'round-trip: rich messages (dates, bytes, URLs, provider options, attribution, unicode, NUL, lone surrogates)',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'rich' });
      const ms = richMessages();
      const appended = await store.append(s, 'rich', toInputs(ms));
      const expected = ms.map(canonicalMessage);
      expect(appended.map((e) => e.message)).toStrictEqual(expected);
      expect((await store.readRange(s, 'rich')).map((e) => e.message)).toStrictEqual(expected);
      expect((await store.getMessages(s, 'rich', ['rich-tool'])).map((e) => e.message)).toStrictEqual([
        expected[2],
      ]);
      const [user] = await store.getMessages(s, 'rich', ['rich-user']);
      const parts = user!.message.content as unknown as { image?: unknown; data?: unknown }[];
      expect(user!.message.createdAt).toBeInstanceOf(Date);
      expect(parts[1]!.image).toBeInstanceOf(URL);
      expect(parts[2]!.data).toBeInstanceOf(Uint8Array);
      expect(Array.from(parts[2]!.data as Uint8Array)).toEqual([0, 1, 2, 127, 128, 254, 255]);
      // Identical re-append (incl. bytes and URLs) is recognised as the same message.
      const again = await store.append(s, 'rich', toInputs(richMessages()));
      expect(again.map((e) => e.seq)).toEqual([1, 2, 3]);
    },
  },
  {
    name: 'round-trip: a 10 MB text payload',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'big' });
      const text = 'lorem ipsum dolor sit amet 🧠 '
        .repeat(Math.ceil((10 * 1024 * 1024) / 32))
        .slice(0, 10 * 1024 * 1024);
      const m = makeMessage('user', text);
      await store.append(s, 'big', toInputs([m], [2_500_000]));
      const [entry] = await store.readRange(s, 'big');
      expect(entry?.message.content === text).toBe(true);
      expect(entry?.tokens).toBe(2_500_000);
    },
  },
  {
    name: 'round-trip: property — any MemoryMessage batch reads back exactly',
    async run({ store, scope }) {
      const s = scope();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(arbMemoryMessage, { selector: (m) => m.id, minLength: 1, maxLength: 4 }),
          fc.array(fc.nat({ max: 100_000 }), { minLength: 4, maxLength: 4 }),
          async (messages, tokens) => {
            const id = `prop-${n++}`;
            await store.createSession(s, { id });
            const appended = await store.append(s, id, toInputs(messages, tokens));
            expect(appended.map((e) => e.seq)).toEqual(messages.map((_, i) => i + 1));
            const read = await store.readRange(s, id);
            expect(read.map((e) => e.message)).toStrictEqual(messages.map(canonicalMessage));
            expect(read.map((e) => e.tokens)).toEqual(tokens.slice(0, messages.length));
            const again = await store.append(s, id, toInputs(messages, tokens));
            expect(again.map((e) => e.seq)).toEqual(appended.map((e) => e.seq));
          },
        ),
        { numRuns: 60 },
      );
    },
  },
];
