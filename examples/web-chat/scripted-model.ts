/**
 * The model without a key: a scripted `MockLanguageModelV4` (from `ai/test`) that streams its reply word by word
 * (`simulateReadableStream`, a small delay per word, so a person or a test can stop it midway). Its reply is
 * decided from the prompt it was sent, so what it says is what engram put in front of it:
 *
 * - "read the report" → a `fetch_report` tool call; after the result → how many characters it read;
 * - "read the archive" → a `fetch_archive` tool call (10 s: time to press Stop while the tool runs);
 * - "tell me a long story" → some 340 words (about 14 s: time to press Stop);
 * - anything else → what the user said, how many messages and tokens it was sent, and how the report appears in
 *   them: in full, as engram's citation (content item id), or not at all.
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createTokenCounter } from 'engram';

type Call = Parameters<MockLanguageModelV4['doStream']>[0];
type Prompt = Call['prompt'];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** Options of {@link createScriptedChatModel}. */
export interface ScriptedChatModelOptions {
  /** Milliseconds between two streamed words. @default 40 */
  wordDelayMs?: number;
}

const counter = createTokenCounter({ encoding: 'o200k_base' });
const citation = /\[engram: fetch_report result stored as content item "([^"]+)"/;

/** The text of every part of a prompt message, joined (tool outputs as their text or JSON). */
function messageText(message: Prompt[number]): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-result')
        return part.output.type === 'text' || part.output.type === 'error-text'
          ? part.output.value
          : JSON.stringify(part.output);
      if (part.type === 'tool-call') return JSON.stringify(part.input);
      return '';
    })
    .join('\n');
}

/** How the report appears in a prompt: its citation's item id, 'full', or undefined. */
function reportIn(prompt: Prompt): { cited: string } | 'full' | undefined {
  let seen: { cited: string } | 'full' | undefined;
  for (const m of prompt) {
    if (m.role !== 'tool') continue;
    for (const part of m.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'fetch_report') continue;
      const text = messageText({ role: 'tool', content: [part] });
      const id = citation.exec(text)?.[1];
      seen = id === undefined ? 'full' : { cited: id };
    }
  }
  return seen;
}

const story = Array.from(
  { length: 20 },
  (_, i) =>
    `Chapter ${i + 1}: the keeper of the lighthouse counted the ships again, wrote their names down and waited.`,
).join(' ');

/** A scripted reply: a tool call or a text. */
type Reply = { kind: 'tool-call'; toolName: string } | { kind: 'text'; text: string };

/** The reply to a prompt. */
function decide(prompt: Prompt): Reply {
  const last = prompt.at(-1);
  if (last?.role === 'tool') {
    const result = last.content.find((part) => part.type === 'tool-result');
    if (result?.toolName === 'fetch_archive') return { kind: 'text', text: messageText(last) };
    const chars = messageText(last).length;
    return {
      kind: 'text',
      text: `I read the report in full: ${chars.toLocaleString('en-US')} characters. Revenue grew 12%.`,
    };
  }
  const said = last?.role === 'user' ? messageText(last).trim() : '';
  if (/read the report/i.test(said)) return { kind: 'tool-call', toolName: 'fetch_report' };
  if (/read the archive/i.test(said)) return { kind: 'tool-call', toolName: 'fetch_archive' };
  if (/long story/i.test(said)) return { kind: 'text', text: story };
  const tokens = prompt.reduce((n, m) => n + counter.countText(messageText(m)), 0);
  const report = reportIn(prompt);
  const seen =
    report === undefined
      ? 'The report is not in my context.'
      : report === 'full'
        ? 'The report is in my context in full.'
        : `The report is in my context as a citation (content item ${report.cited}).`;
  return {
    kind: 'text',
    text: `You said: "${said}". I was sent ${prompt.length} messages (${tokens.toLocaleString('en-US')} tokens). ${seen}`,
  };
}

/** A scripted chat model that needs no key (see the module comment). */
export function createScriptedChatModel(options: ScriptedChatModelOptions = {}): MockLanguageModelV4 {
  const wordDelayMs = options.wordDelayMs ?? 40;
  let calls = 0;
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'web-chat',
    doStream: async ({ prompt }) => {
      calls++;
      const reply = decide(prompt);
      const input = prompt.reduce((n, m) => n + counter.countText(messageText(m)), 0);
      const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (reply.kind === 'tool-call') {
        const id = `call_${calls}`;
        parts.push({ type: 'tool-call', toolCallId: id, toolName: reply.toolName, input: '{}' });
      } else {
        parts.push({ type: 'text-start', id: 't' });
        for (const word of reply.text.split(/(?<= )/))
          parts.push({ type: 'text-delta', id: 't', delta: word });
        parts.push({ type: 'text-end', id: 't' });
      }
      parts.push({
        type: 'finish',
        finishReason: { unified: reply.kind === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: parts.length, text: parts.length, reasoning: 0 },
        },
      });
      return { stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: wordDelayMs }) };
    },
  });
}
