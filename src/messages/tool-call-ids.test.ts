import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createToolResultCiter, type ToolResultPart } from '../content/cite-tool-results.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { InvalidMessageError, MemoryError } from '../core/errors/index.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { repeatedToolCallIds } from './tool-call-ids.ts';
import { isMemoryMessage, messageIssues, validateMessage } from './validate.ts';

/**
 * A message whose tool calls (or tool results) repeat an id is refused when stored, naming the repeat's path:
 * providers refuse it, and the citation view keys a result's item by message and tool call id, so a second
 * result under the id was cited as the first and its output stored nowhere.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});

const base = { id: 'msg_1', createdAt: new Date(0) };
const callPart = (id: string) => ({
  type: 'tool-call' as const,
  toolCallId: id,
  toolName: 'web_fetch',
  input: {},
});
const resultPart = (id: string, text: string) => ({
  type: 'tool-result' as const,
  toolCallId: id,
  toolName: 'web_fetch',
  output: { type: 'text' as const, value: text },
});
const calls = (...ids: string[]): ModelMessage => ({ role: 'assistant', content: ids.map(callPart) });
const results = (...parts: [string, string][]): ModelMessage => ({
  role: 'tool',
  content: parts.map(([id, text]) => resultPart(id, text)),
});

describe('repeatedToolCallIds and validateMessage', () => {
  it('refuse a second tool call or tool result under one id, naming its path and the first', () => {
    const call = { ...base, ...calls('c1', 'c2', 'c1') };
    expect(repeatedToolCallIds(call)).toEqual([
      { path: 'content[2].toolCallId', problem: expect.stringContaining('"c1" of content[0]') },
    ]);
    const result = { ...base, ...results(['c1', 'one'], ['c1', 'two']) };
    expect(messageIssues(result).map((i) => i.path)).toEqual(['content[1].toolCallId']);
    expect(isMemoryMessage(result)).toBe(false);
    const error = (() => {
      try {
        validateMessage(result, 'messages[2]');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect(MemoryError.hasCode(error, 'INVALID_MESSAGE')).toBe(true);
    expect((error as InvalidMessageError).location).toBe('messages[2]');
    expect((error as Error).message).toContain('content[1].toolCallId');
  });

  it('accept a call and its result in one message, and an approval request naming the call', () => {
    const providerExecuted: MemoryMessage = {
      ...base,
      role: 'assistant',
      content: [
        callPart('c1'),
        { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
        resultPart('c1', 'done'),
      ],
    };
    expect(validateMessage(providerExecuted)).toBe(providerExecuted);
    expect(repeatedToolCallIds({ content: 'text' })).toEqual([]);
  });

  it('property: a generated message is valid; repeating one of its tool calls or results names the copy', () => {
    fc.assert(
      fc.property(arbMemoryMessage, fc.nat(), (m, pick) => {
        expect(messageIssues(m)).toEqual([]);
        if (typeof m.content === 'string') return;
        const parts = m.content as { type: string }[];
        const repeatable = parts.filter((p) => p.type === 'tool-call' || p.type === 'tool-result');
        if (repeatable.length === 0) return;
        const copy = { ...m, content: [...parts, repeatable[pick % repeatable.length]!] } as MemoryMessage;
        expect(messageIssues(copy).map((i) => i.path)).toEqual([`content[${parts.length}].toolCallId`]);
        expect(() => validateMessage(copy)).toThrow(InvalidMessageError);
      }),
      { numRuns: 300 },
    );
  });
});

const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true });

const policy = { default: { offload: 'always' as const, keepTurns: 0 } };
const citedText = (m: MemoryMessage | undefined, index: number): string => {
  const part = m && typeof m.content !== 'string' ? m.content[index] : undefined;
  return part?.type === 'tool-result' && part.output.type === 'text' ? part.output.value : '';
};

describe.each(drivers)('a step repeating a tool call id ($name)', (driver) => {
  const open = async () => {
    const o = await driver.open();
    opened.push(o);
    return o.store;
  };
  it('is refused when stored, and nothing of the batch is stored', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const conversation = createConversationMemory({ store, counter, sessionId: 'ses_dup' });
    const step = [
      { role: 'user', content: 'fetch' } as ModelMessage,
      calls('c1', 'c1'),
      results(['c1', 'tokyo report'], ['c1', 'osaka figures']),
    ];
    await expect(conversation.store(step)).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
      location: 'messages[1]',
      issues: [{ path: 'content[1].toolCallId' }],
    });
    await expect(conversation.store(step.slice(2))).rejects.toMatchObject({
      code: 'INVALID_MESSAGE',
      issues: [{ path: 'content[1].toolCallId' }],
    });
    expect(await conversation.read()).toEqual([]);
  });

  it('in a log stored before it was refused: a repeat with another output stays in full, one with the same is cited', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const conversation = createConversationMemory({ store, counter, sessionId: 'ses_legacy_dup' });
    await conversation.store({ role: 'user', content: 'fetch' });
    // What an older engram stored: the driver itself does not check messages.
    const raw = [
      { ...base, id: 'm2', ...calls('c1', 'c1', 'c2', 'c2') },
      {
        ...base,
        id: 'm3',
        ...results(['c1', 'tokyo report'], ['c1', 'osaka figures'], ['c2', 'same'], ['c2', 'same']),
      },
      { ...base, id: 'm4', role: 'assistant', content: 'read them' },
    ] as MemoryMessage[];
    await store.append(
      conversation.scope,
      'ses_legacy_dup',
      raw.map((message) => ({ message, tokens: counter.count(message) })),
    );
    const content = createContentStore({ store: store.contentItems, counter });
    // The citer under every citing view (a view's read then leaves out a result whose call was answered already).
    const citer = createToolResultCiter({ content, policy, logKey: 'ses_legacy_dup' });
    const { messages } = await citer.cite(await conversation.entries());
    const first = /content item "([^"]+)"/.exec(citedText(messages[2], 0))?.[1];
    expect(first).toBeDefined();
    expect((await content.retrieve(first!)).content).toBe('tokyo report');
    expect(citedText(messages[2], 1)).toBe('osaka figures');
    expect(citedText(messages[2], 2)).toMatch(/^\[engram: web_fetch result stored as content item/);
    expect(citedText(messages[2], 3)).toBe(citedText(messages[2], 2));
    const entry = (await conversation.entries())[2]!;
    const parts = entry.message.content as ToolResultPart[];
    expect(await citer.citeResult(entry, parts[1]!)).toBeUndefined();
    expect(await citer.citeResult(entry, parts[3]!)).toBe(citedText(messages[2], 2));
  });
});
