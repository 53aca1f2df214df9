import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAnthropicMessages, toAnthropicMessages } from '../../messages/anthropic-messages.ts';
import { fromOpenAIChatMessages, toOpenAIChatMessages } from '../../messages/openai-chat.ts';
import { arbConversation } from '../../testing/conversation-arbitrary.ts';
import { BadInputError } from '../bad-input-error.ts';
import { type IngestFormat, ingestFormats, parseIngestFile } from './ingest-file.ts';

const parse = (value: unknown, format: IngestFormat) =>
  parseIngestFile(JSON.stringify(value), format, { fallbackId: 'f' });
/** The messages without what ingest adds (ids and times). */
const plain = (messages: readonly object[]) =>
  messages.map((m) => {
    const { id: _id, createdAt: _at, ...rest } = m as { id?: string; createdAt?: Date };
    return JSON.parse(JSON.stringify(rest));
  });

describe('parseIngestFile', () => {
  it('takes back, unchanged, any conversation engram writes in each format', () => {
    fc.assert(
      // A trailing step whose calls lack results is refused unless it awaits approval (issue 21, defect 11).
      fc.property(arbConversation({ inFlight: false }), (conversation: ModelMessage[]) => {
        expect(plain(parse(conversation, 'ai-sdk')[0]!.messages)).toEqual(plain(conversation));
        const openai = toOpenAIChatMessages(conversation);
        expect(plain(parse({ messages: openai }, 'openai-chat')[0]!.messages)).toEqual(
          plain(fromOpenAIChatMessages(openai)),
        );
        const anthropic = toAnthropicMessages(conversation);
        expect(plain(parse(anthropic, 'anthropic')[0]!.messages)).toEqual(
          plain(fromAnthropicMessages(anthropic)),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('answers any JSON with sessions of valid messages or a bad-input error, never a crash', () => {
    const roles = fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'robot');
    const messageLike = fc.record(
      {
        role: roles,
        content: fc.oneof(fc.string(), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.constant(null)),
      },
      { requiredKeys: ['role'] },
    );
    const input = fc.oneof(
      fc.jsonValue(),
      fc.array(messageLike, { maxLength: 4 }),
      fc.record({ messages: fc.array(fc.oneof(messageLike, fc.jsonValue()), { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(input, fc.constantFrom(...ingestFormats), (value, format) => {
        try {
          for (const s of parse(value, format))
            expect(s.messages.every((m) => typeof m.id === 'string')).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(BadInputError);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('names the JSON path or the line of the first problem', () => {
    const bad = (value: unknown, format: IngestFormat) => () => parse(value, format);
    expect(
      bad(
        {
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'robot', content: 'x' },
          ],
        },
        'openai-chat',
      ),
    ).toThrow(/^messages\[1\]\.role: unknown role "robot"/);
    expect(bad([{ role: 'tool', tool_call_id: 'c9', content: 'x' }], 'openai-chat')).toThrow(
      /^\[0\]\.tool_call_id: tool result without its call/,
    );
    expect(() =>
      parseIngestFile(
        '{"role":"user","content":"a"}\n{"role":"user","content":[{"type":"text","text":1}]}\n',
        'openai-chat',
        {
          fallbackId: 'f',
        },
      ),
    ).toThrow(/^line 2: content\[0\]\.text: /);
    expect(
      bad(
        {
          system: 'be brief',
          messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] }],
        },
        'anthropic',
      ),
    ).toThrow(/^messages\[0\]\.content\[0\]\.type: unknown value/);
    expect(() => parseIngestFile('{"messages": [', 'ai-sdk', { fallbackId: 'f' })).toThrow(/^not valid JSON/);
  });
});
