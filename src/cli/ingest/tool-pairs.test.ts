import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { toMemoryMessages } from '../../messages/from-model-message.ts';
import { BadInputError } from '../bad-input-error.ts';
import { type IngestFormat, parseIngestFile } from './ingest-file.ts';

const parse = (value: unknown, format: IngestFormat) =>
  parseIngestFile(typeof value === 'string' ? value : JSON.stringify(value), format, { fallbackId: 'f' });
const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

function refused(value: unknown, format: IngestFormat): string {
  try {
    parse(value, format);
  } catch (error) {
    expect(error).toBeInstanceOf(BadInputError);
    return (error as Error).message;
  }
  return expect.fail(`${format}: accepted`);
}

/** Sends a session with one more user message, as the next agent run would. */
const runOn = (messages: readonly MemoryMessage[]) =>
  sendToModel([...messages, ...toMemoryMessages([{ role: 'user', content: 'and now?' }])]);

const user = (text: string) => ({ role: 'user', content: text });
const call = (id: string) => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 'book', input: { city: 'Lisbon' } }],
});
const result = (id: string) => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'book', output: { type: 'text', value: '12A' } },
  ],
});
const openaiCall = (id: string) => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name: 'book', arguments: '{}' } }],
});
const toolUse = (id: string) => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 'book', input: {} }],
});
const header = { type: 'session', id: 'j', metadata: {} };
const row = (message: object, i: number) => ({
  type: 'message',
  message: { id: `m${i}`, createdAt: { $date: '2025-01-01T00:00:00.000Z' }, ...message },
});

describe('ingest: every tool call answered (issue 21, defect 11); import: as the store holds it', () => {
  it('refuses a tool call left without its result, in every format with tool calls, naming where and the id', () => {
    const cases: [IngestFormat, unknown, RegExp][] = [
      [
        'ai-sdk',
        [user('Book'), call('w1'), user('Well?')],
        /^\[1\]\.content\[0\]\.toolCallId: tool call "w1" \(book\) has no tool result before \[2\]/,
      ],
      [
        'ai-sdk',
        [user('Book'), call('w1')],
        /^\[1\]\.content\[0\]\.toolCallId: tool call "w1" \(book\) has no tool result at the end/,
      ],
      [
        'ai-sdk',
        jsonl([user('Book'), call('w1'), { role: 'system', content: 'x' }]),
        /^line 2: content\[0\]\.toolCallId: tool call "w1".* before line 3/,
      ],
      [
        'openai-chat',
        { messages: [user('Book'), openaiCall('c1'), user('Well?')] },
        /^messages\[1\]\.tool_calls\[0\]\.id: tool call "c1" \(book\) has no tool result before messages\[2\]/,
      ],
      [
        'openai-chat',
        [user('Book'), openaiCall('c1')],
        /^\[1\]\.tool_calls\[0\]\.id: tool call "c1" .*at the end/,
      ],
      [
        'anthropic',
        { messages: [user('Book'), toolUse('t1'), user('Well?')] },
        /^messages\[1\]\.content\[0\]\.id: tool call "t1" \(book\) has no tool result before messages\[2\]/,
      ],
      [
        'anthropic',
        { messages: [user('Book'), toolUse('t1')] },
        /^messages\[1\]\.content\[0\]\.id: tool call "t1" .*at the end/,
      ],
      [
        'ai-sdk',
        [user('Book'), result('w1')],
        /^\[1\]\.content\[0\]\.toolCallId: tool result without its call \(no earlier tool call "w1"\)/,
      ],
    ];
    for (const [format, value, message] of cases) expect(refused(value, format), format).toMatch(message);
  });

  it('engram JSONL (what export writes) takes tool calls and results as the store holds them, unpaired too', () => {
    for (const messages of [
      [user('Book'), call('w1'), user('Well?')],
      [user('Book'), call('w1')],
      [user('Book'), result('w1')],
      [user('Book'), call('w1'), result('w1'), result('w1')],
      [user('Book'), call('w1'), result('w1'), call('w1'), result('w1')],
    ])
      expect(parse(jsonl([header, ...messages.map(row)]), 'jsonl')[0]!.messages).toHaveLength(
        messages.length,
      );
  });

  it('what it refuses is what an agent run on the session would fail on (MissingToolResultsError)', async () => {
    const broken = (m: object[]) => toMemoryMessages(m as ModelMessage[]);
    await expect(runOn(broken([user('Book'), call('w1'), user('Well?')]))).rejects.toThrow(/w1/);
    await expect(runOn(broken([user('Book'), call('w1')]))).rejects.toThrow(/w1/);
  });

  it('accepts paired calls, several results in one message, and a provider-executed call without a result; an agent run on them works', async () => {
    const twoCalls = {
      role: 'assistant',
      content: [call('a').content[0], call('b').content[0]],
    };
    const providerRan = {
      role: 'assistant',
      content: [
        { ...call('p').content[0], providerExecuted: true },
        { type: 'text', text: 'searched' },
      ],
    };
    const good = [
      user('Book'),
      twoCalls,
      result('b'),
      result('a'),
      providerRan,
      user('Thanks'),
      call('c'),
      result('c'),
    ];
    const sessions = parse(good, 'ai-sdk');
    expect(sessions[0]!.messages).toHaveLength(8);
    await expect(runOn(sessions[0]!.messages)).resolves.toBeUndefined();
    expect(parse(jsonl([header, ...good.map(row)]), 'jsonl')[0]!.messages).toHaveLength(8);
    // A last step awaiting the user's approval is in flight, not broken: the next run answers the approval.
    const awaiting = {
      role: 'assistant',
      content: [call('d').content[0], { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'd' }],
    };
    expect(parse([...good, awaiting], 'ai-sdk')[0]!.messages).toHaveLength(9);
    expect(refused([...good, awaiting, user('hm')], 'ai-sdk')).toMatch(
      /tool call "d" \(book\) has no tool result before \[9\]/,
    );
    const anthropicOk = {
      messages: [
        user('Book'),
        toolUse('t1'),
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: '12A' },
            { type: 'text', text: 'ok' },
          ],
        },
      ],
    };
    await expect(runOn(parse(anthropicOk, 'anthropic')[0]!.messages)).resolves.toBeUndefined();
    const openaiOk = [
      user('Book'),
      openaiCall('c1'),
      { role: 'tool', tool_call_id: 'c1', content: '12A' },
      user('ok'),
    ];
    await expect(runOn(parse(openaiOk, 'openai-chat')[0]!.messages)).resolves.toBeUndefined();
  });
});
