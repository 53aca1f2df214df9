import { convertToModelMessages, type ModelMessage, type UIMessage, validateUIMessages } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createChatStore } from './chat-store.ts';
import { decodeUIMessages } from './decode-ui-messages.ts';

const text = fc.string({ minLength: 1, maxLength: 12 });
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
/** A tool input: an object, as tools' input schemas make them (a null input of a failed call converts to none). */
const input = fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 3 });
const userEntry: fc.Arbitrary<ModelMessage> = fc.oneof(
  text.map((t) => ({ role: 'user' as const, content: t })),
  fc
    .array(
      fc.oneof(
        text.map((t) => ({ type: 'text' as const, text: t })),
        fc.constantFrom('a.png', 'b.pdf').map((name) => ({
          type: 'file' as const,
          mediaType: name.endsWith('png') ? 'image/png' : 'application/pdf',
          data: { type: 'url' as const, url: new URL(`https://example.com/${name}`) },
        })),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((content) => ({ role: 'user' as const, content })),
);
/** One model call: reasoning and text in some order, 0–2 tool calls; its results follow in a tool message. */
const step = (n: string) =>
  fc
    .tuple(
      fc.array(
        fc.oneof(
          text.map((t) => ({ type: 'text' as const, text: t })),
          text.map((t) => ({ type: 'reasoning' as const, text: t })),
        ),
        { maxLength: 2 },
      ),
      fc.array(
        fc.tuple(
          fc.constantFrom('lookup', 'fetch_page'),
          input,
          fc.oneof(
            json,
            text.map((t) => ({ error: t })),
          ),
        ),
        { maxLength: 2 },
      ),
    )
    .filter(([said, calls]) => said.length + calls.length > 0)
    .map(([said, calls]): ModelMessage[] => {
      const ids = calls.map((_, i) => `${n}-call-${i}`);
      const assistant: ModelMessage = {
        role: 'assistant',
        content: [
          ...said,
          ...calls.map(([toolName, input], i) => ({
            type: 'tool-call' as const,
            toolCallId: ids[i]!,
            toolName,
            input,
          })),
        ],
      };
      if (calls.length === 0) return [assistant];
      const results = calls.map(([toolName, , out], i) => ({
        type: 'tool-result' as const,
        toolCallId: ids[i]!,
        toolName,
        output:
          typeof out === 'string'
            ? { type: 'text' as const, value: out }
            : out !== null && typeof out === 'object' && 'error' in out
              ? { type: 'error-text' as const, value: String(out.error) }
              : { type: 'json' as const, value: out as never },
      }));
      return [assistant, { role: 'tool', content: results }];
    });
const turn = fc
  .tuple(userEntry, fc.array(fc.nat(), { maxLength: 3 }), fc.uuid())
  .chain(([u, steps, n]) => fc.tuple(...steps.map((_, i) => step(`${n}-${i}`))).map((s) => [u, ...s.flat()]));
const arbLog = fc
  .tuple(fc.option(text, { nil: undefined }), fc.array(turn, { minLength: 1, maxLength: 4 }))
  .map(([system, turns]): ModelMessage[] => [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...turns.flat(),
  ]);

/** The model side as convertToModelMessages writes it, in JSON: string contents as one text part. */
const normal = (messages: readonly ModelMessage[]) =>
  JSON.parse(
    JSON.stringify(
      messages.map(({ role, content }) => ({
        role,
        content:
          typeof content === 'string' && role !== 'system' ? [{ type: 'text', text: content }] : content,
      })),
    ),
  ) as unknown;

describe('decodeUIMessages: entries the chat store did not write', () => {
  it('property: a random model-message log decodes to valid UI messages whose model side is the log', async () => {
    await fc.assert(
      fc.asyncProperty(arbLog, async (log) => {
        const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 'c' });
        await conversation.store(log);
        const decoded = decodeUIMessages(await conversation.read()).map((m) => m.message);
        await validateUIMessages({ messages: decoded });
        // Equal: role and content of every message, in order, after JSON (URLs as strings, undefined keys gone);
        // not equal: ids, createdAt and metadata, which the model side has no place for.
        expect(normal(await convertToModelMessages(decoded))).toEqual(normal(log));
      }),
      { numRuns: 150 },
    );
  });

  it('a two-step tool reply is one assistant message: step-starts, tool part with its output; ids from the entries', async () => {
    const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 'c' });
    const [u, a1, , a2] = await conversation.store([
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'k', toolName: 'weather', input: { city: 'Oslo' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'k',
            toolName: 'weather',
            output: { type: 'json', value: { c: 3 } },
          },
        ],
      },
      { role: 'assistant', content: 'Cold.' },
    ]);
    expect(decodeUIMessages(await conversation.read()).map((m) => m.message)).toEqual([
      { id: u!.id, role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
      {
        id: a1!.id,
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          {
            type: 'tool-weather',
            toolCallId: 'k',
            state: 'output-available',
            input: { city: 'Oslo' },
            output: { c: 3 },
          },
          { type: 'step-start' },
          { type: 'text', text: 'Cold.', state: 'done' },
        ],
      },
    ] satisfies UIMessage[]);
    expect(a2).toBeDefined();
  });

  it('a chat mixing chat-written and foreign entries: the chat-written ones still decode deep-equal', async () => {
    const store = createMemoryStore();
    const chats = createChatStore({ store });
    const mine: UIMessage = {
      id: 'u1',
      role: 'user',
      metadata: { at: 1 },
      parts: [{ type: 'text', text: 'hi' }],
    };
    await chats.append('c', [mine]);
    const [reply] = await chats.conversation('c').store({ role: 'assistant', content: 'hello' });
    const later: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'again' }] };
    await chats.append('c', [later]);
    expect(await chats.load('c')).toEqual([
      mine,
      {
        id: reply!.id,
        role: 'assistant',
        parts: [{ type: 'step-start' }, { type: 'text', text: 'hello', state: 'done' }],
      },
      later,
    ]);
  });
});
