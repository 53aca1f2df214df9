import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type ReliabilityDriver, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { serializeMessage } from '../messages/serialize.ts';
import { canonicalMessage, expectMemoryError, makeMessage, toInputs } from '../testing/fixtures.ts';

/**
 * Bad input, on every driver: invalid messages are refused by ConversationMemory with nothing stored; unknown
 * (and wildcard-looking) session ids are SESSION_NOT_FOUND; NUL characters and lone surrogates round-trip
 * exactly wherever a string can be; a 10 MB payload round-trips; a message over `maxMessageBytes` is
 * PAYLOAD_TOO_LARGE and leaves the log as it was.
 */

const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl() });
const seed = Number(process.env.ENGRAM_FC_SEED ?? Date.now() % 2 ** 31);
afterAll(() => console.info(`[bad-input] fast-check seed ${seed}`));

const opened: { dispose(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened.splice(0)) await o.dispose();
});
async function open(driver: ReliabilityDriver, maxMessageBytes?: number) {
  const o = await driver.open(maxMessageBytes === undefined ? {} : { maxMessageBytes });
  opened.push(o);
  return o.store;
}

const at = new Date('2024-05-06T07:08:09.010Z');
/** Strings with NUL, lone high and low surrogates, a valid pair, and both orders of a broken pair. */
const nasty = ['a\u0000b', '\uD800', 'x\uDFFFy', '\uDC00\uD800', '😀\u0000\uD83D', '\u0000', 'end\uDBFF'];

/** Messages carrying the nasty strings in text, metadata (keys and values), tool inputs, outputs and names. */
function nastyMessages(): MemoryMessage[] {
  const [a, b, c, d, e, f, g] = nasty as [string, string, string, string, string, string, string];
  return [
    {
      id: 'u1',
      createdAt: at,
      role: 'user',
      content: `${a}${b}${c}`,
      metadata: { [`k${a}`]: d, list: [e, { f }] },
    },
    {
      id: 'u2',
      createdAt: at,
      role: 'user',
      content: [
        { type: 'text', text: g },
        { type: 'text', text: d },
      ],
    },
    {
      id: 'a1',
      createdAt: at,
      role: 'assistant',
      content: [
        { type: 'reasoning', text: e },
        { type: 'tool-call', toolCallId: `call${b}`, toolName: 'look', input: { q: a, [c]: [d, f] } },
      ],
      name: `bot${f}`,
    },
    {
      id: 't1',
      createdAt: at,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call${b}`,
          toolName: 'look',
          output: { type: 'json', value: { r: g, [a]: e } },
        },
      ],
    },
    { id: 's1', createdAt: at, role: 'system', content: `${c}${g}` },
  ] as MemoryMessage[];
}

/** Inputs ConversationMemory must refuse (each alone, and inside an otherwise valid batch). */
const invalidInputs: [string, unknown][] = [
  ['no content', { role: 'user' }],
  ['unknown role', { role: 'bogus', content: 'x' }],
  ['tool message with text content', { role: 'tool', content: 'x' }],
  ['tool call without id', { role: 'assistant', content: [{ type: 'tool-call', toolName: 't', input: {} }] }],
  ['invalid date', { role: 'user', content: 'x', createdAt: new Date(Number.NaN) }],
  ['empty id', { role: 'user', content: 'x', id: '' }],
  ['NUL in id', { role: 'user', content: 'x', id: 'a\u0000b' }],
  ['lone surrogate in id', { role: 'user', content: 'x', id: 'a\uD800' }],
  ['function in metadata', { role: 'user', content: 'x', metadata: { f: () => 1 } }],
  ['NaN in metadata', { role: 'user', content: 'x', metadata: { n: Number.NaN } }],
  ['bigint in metadata', { role: 'user', content: 'x', metadata: { n: 1n } }],
  ['system message with parts', { role: 'system', content: [{ type: 'text', text: 'x' }] }],
  ['null', null],
  ['a number', 42],
  ['a string', 'hello'],
];

describe('bad input (all drivers)', () => {
  for (const driver of drivers) {
    if (driver.missing) {
      it.skip(`${driver.name}: skipped — ${driver.missing}`, () => {});
      continue;
    }
    describe(driver.name, () => {
      it('ConversationMemory refuses invalid messages with INVALID_MESSAGE and stores nothing', async () => {
        const store = await open(driver);
        const memory = createConversationMemory({ store, sessionId: 'bad', scope: { tenant: 'bad-input' } });
        await memory.append({ role: 'user', content: 'kept' });
        const before = await memory.entries();
        for (const [label, input] of invalidInputs) {
          const single = await expectMemoryError(memory.append(input as ModelMessage), 'INVALID_MESSAGE');
          expect(single.name, label).toBe('InvalidMessageError');
          const batch = [
            { role: 'user', content: 'fine' },
            input,
            { role: 'assistant', content: 'also fine' },
          ];
          await expectMemoryError(memory.append(batch as ModelMessage[]), 'INVALID_MESSAGE');
        }
        // A nested array inside a batch is not a message.
        const nested = [{ role: 'user', content: 'fine' }, [{ role: 'user', content: 'x' }]];
        await expectMemoryError(memory.append(nested as ModelMessage[]), 'INVALID_MESSAGE');
        expect(await memory.entries()).toEqual(before);
        expect(await memory.stats()).toMatchObject({ count: 1, lastSeq: 1 });
      });

      it('property: any junk is either refused with INVALID_MESSAGE (nothing stored) or stored whole', async () => {
        const store = await open(driver);
        const memory = createConversationMemory({ store, sessionId: 'junk', scope: { tenant: 'bad-input' } });
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fc.anything().filter((x) => !Array.isArray(x)), // an array is a batch
              fc.record({
                role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
                content: fc.anything(),
              }),
            ),
            async (junk) => {
              const { lastSeq } = await memory.stats();
              try {
                await memory.append(junk as ModelMessage);
              } catch (error) {
                expect(MemoryError.hasCode(error, 'INVALID_MESSAGE'), String(error)).toBe(true);
                expect((await memory.stats()).lastSeq).toBe(lastSeq);
                return;
              }
              expect((await memory.stats()).lastSeq).toBe(lastSeq + 1);
            },
          ),
          { seed, numRuns: 60 },
        );
      });

      it('unknown and wildcard-looking session ids are SESSION_NOT_FOUND', async () => {
        const store = await open(driver);
        const s = { tenant: 'bad-input' };
        await store.createSession(s, { id: 'real_1' });
        await store.append(s, 'real_1', toInputs([makeMessage('user', 'present')]));
        for (const id of ['nope', '%', 'real%', 'real_', '_', 'REAL_1', "real_1' --", 'real_1 ', '*']) {
          await expectMemoryError(store.readRange(s, id), 'SESSION_NOT_FOUND');
          await expectMemoryError(store.stats(s, id), 'SESSION_NOT_FOUND');
          await expectMemoryError(
            store.append(s, id, toInputs([makeMessage('user', 'x')])),
            'SESSION_NOT_FOUND',
          );
          await expectMemoryError(store.deleteMessages(s, id, ['x']), 'SESSION_NOT_FOUND');
          await expectMemoryError(
            store.searchMessages(s, { text: 'present', sessionId: id }),
            'SESSION_NOT_FOUND',
          );
          expect(await store.getSession(s, id)).toBeUndefined();
        }
        expect((await store.stats(s, 'real_1')).count).toBe(1);
      });

      it('NUL characters and lone surrogates round-trip exactly (text, metadata, tool inputs and outputs)', async () => {
        const store = await open(driver);
        const s = { tenant: 'bad-input' };
        await store.createSession(s, { id: 'nasty' });
        const messages = nastyMessages();
        await store.append(s, 'nasty', toInputs(messages));
        const want = messages.map(canonicalMessage);
        expect((await store.readRange(s, 'nasty')).map((e) => e.message)).toStrictEqual(want);
        const ids = messages.map((m) => m.id);
        expect((await store.getMessages(s, 'nasty', ids)).map((e) => e.message)).toStrictEqual(want);
        // Idempotent re-append compares the stored form: the same nasty message is not a conflict.
        expect((await store.append(s, 'nasty', toInputs([messages[0]!])))[0]?.seq).toBe(1);
        await store.searchMessages(s, { text: nasty.join(' ') });
        // Through ConversationMemory (validation accepts these strings).
        const memory = createConversationMemory({ store, sessionId: 'nasty-memory', scope: s });
        const stored = await memory.append(messages);
        expect(await memory.read()).toStrictEqual(stored.map(canonicalMessage));
      });

      it('property: arbitrary binary strings (NUL, lone surrogates) in text and metadata round-trip', async () => {
        const store = await open(driver);
        const s = { tenant: 'bad-input' };
        await store.createSession(s, { id: 'binary' });
        let n = 0;
        const text = fc.string({ unit: 'binary', maxLength: 40 });
        await fc.assert(
          fc.asyncProperty(
            text,
            fc.dictionary(text, text, { maxKeys: 3 }),
            text,
            async (content, meta, input) => {
              const message = {
                id: `b${n++}`,
                createdAt: at,
                role: 'assistant',
                content: [
                  { type: 'text', text: content },
                  { type: 'tool-call', toolCallId: 'c', toolName: 't', input: { input } },
                ],
                metadata: meta,
              } as MemoryMessage;
              const [entry] = await store.append(s, 'binary', toInputs([message]));
              const [read] = await store.getMessages(s, 'binary', [message.id]);
              expect(read?.message).toStrictEqual(canonicalMessage(message));
              expect(read?.seq).toBe(entry?.seq);
            },
          ),
          { seed, numRuns: 40 },
        );
      });

      it('a 10 MB payload round-trips exactly', async () => {
        const store = await open(driver);
        const s = { tenant: 'bad-input' };
        await store.createSession(s, { id: 'big' });
        const chunk = 'The quick brown fox — ünïcødé 🧠 "quoted" \\ back\tslash\n';
        const text = chunk.repeat(Math.ceil(10_000_000 / Buffer.byteLength(chunk))).slice(0, 9_000_000);
        const big = makeMessage('user', text, { id: 'big', metadata: { note: 'ten megabytes' } });
        expect(Buffer.byteLength(serializeMessage(big))).toBeGreaterThan(10_000_000);
        await store.append(s, 'big', toInputs([big], [123]));
        const [entry] = await store.readRange(s, 'big');
        expect(entry?.message.content === text).toBe(true);
        expect(entry?.message).toStrictEqual(canonicalMessage(big));
        expect(entry?.tokens).toBe(123);
      }, 120_000);

      it('over maxMessageBytes: PAYLOAD_TOO_LARGE, nothing stored, earlier data intact; the limit itself is accepted', async () => {
        const limit = 4096;
        const store = await open(driver, limit);
        const s = { tenant: 'bad-input' };
        await store.createSession(s, { id: 'limited' });
        await store.append(
          s,
          'limited',
          toInputs([makeMessage('user', 'before one'), makeMessage('user', 'before two')]),
        );
        const before = await store.readRange(s, 'limited');
        const sized = (id: string, bytes: number) => {
          const m = makeMessage('user', '', { id, createdAt: at });
          const overhead = Buffer.byteLength(serializeMessage(m));
          return { ...m, content: 'y'.repeat(bytes - overhead) } as MemoryMessage;
        };
        const over = sized('over', limit + 1);
        expect(Buffer.byteLength(serializeMessage(over))).toBe(limit + 1);
        await expectMemoryError(store.append(s, 'limited', toInputs([over])), 'PAYLOAD_TOO_LARGE');
        await expectMemoryError(
          store.append(s, 'limited', toInputs([makeMessage('user', 'ok'), over])),
          'PAYLOAD_TOO_LARGE',
        );
        const heavyMeta = makeMessage('user', 'small text', { metadata: { blob: 'z'.repeat(limit) } });
        await expectMemoryError(store.append(s, 'limited', toInputs([heavyMeta])), 'PAYLOAD_TOO_LARGE');
        const memory = createConversationMemory({ store, sessionId: 'limited', scope: s });
        await expectMemoryError(
          memory.append({ role: 'user', content: 'w'.repeat(limit) }),
          'PAYLOAD_TOO_LARGE',
        );
        expect(await store.readRange(s, 'limited')).toEqual(before);
        expect(await store.stats(s, 'limited')).toMatchObject({ count: 2, lastSeq: 2 });
        const exact = sized('exact', limit);
        expect((await store.append(s, 'limited', toInputs([exact])))[0]?.seq).toBe(3);
      });
    });
  }
});
