import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { groupMessages } from '../messages/units.ts';
import { validateModelMessage } from '../messages/validate.ts';
import { createScriptedConversation, splitTurns } from './scripted-conversation.ts';

/** Every tool call has exactly one result, every approval request one response, and nothing is answered twice. */
function checkPairs(messages: readonly ModelMessage[]): void {
  const open = new Set<string>();
  const seen = new Set<string>();
  for (const m of messages) {
    if (typeof m.content === 'string') continue;
    for (const p of m.content) {
      if (p.type === 'tool-call' || p.type === 'tool-approval-request') {
        const id = p.type === 'tool-call' ? p.toolCallId : `approval:${p.approvalId}`;
        expect(seen.has(id)).toBe(false);
        open.add(id);
        seen.add(id);
      } else if (p.type === 'tool-result' || p.type === 'tool-approval-response') {
        const id = p.type === 'tool-result' ? p.toolCallId : `approval:${p.approvalId}`;
        expect(open.delete(id)).toBe(true);
      }
    }
  }
  expect([...open]).toEqual([]);
}

const partTypes = (messages: readonly ModelMessage[]) =>
  new Set(messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.map((p) => p.type))));

describe('createScriptedConversation', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = createScriptedConversation({ seed: 7, messages: 120 });
    const b = createScriptedConversation({ seed: 7, messages: 120 });
    const c = createScriptedConversation({ seed: 8, messages: 120 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('a shorter session is a prefix of a longer one up to the last whole turn', () => {
    const long = createScriptedConversation({ seed: 3, messages: 200 });
    const short = createScriptedConversation({ seed: 3, messages: 80 });
    const turns = splitTurns(short);
    const whole = turns.slice(0, -1).flat();
    expect(JSON.stringify(long.slice(0, whole.length))).toBe(JSON.stringify(whole));
  });

  it('produces exactly the requested count, valid AI SDK v7 messages, every call with its result', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 60 }), (seed, n) => {
        const messages = createScriptedConversation({ seed, messages: n, toolResultBytes: 0.02 });
        expect(messages).toHaveLength(n);
        for (const [i, m] of messages.entries()) validateModelMessage(m, `messages[${i}]`);
        checkPairs(messages);
        // Atomic units agree: nothing pending, no orphans.
        for (const unit of groupMessages(messages)) {
          expect(unit.kind).not.toBe('orphan');
          expect(unit.pending.size).toBe(0);
        }
        if (n > 0) expect(messages[0]!.role).toBe('user');
      }),
      { numRuns: 150 },
    );
  });

  it('looks like a tool-heavy agent session: reasoning, parallel calls, approvals, big results', () => {
    const messages = createScriptedConversation({ seed: 1, messages: 1500 });
    checkPairs(messages);
    expect(partTypes(messages)).toEqual(
      new Set([
        'text',
        'reasoning',
        'tool-call',
        'tool-result',
        'tool-approval-request',
        'tool-approval-response',
      ]),
    );
    const tools = new Set<string>();
    let parallel = 0;
    let denied = 0;
    const sizes: Record<string, number[]> = {};
    for (const m of messages) {
      if (m.role === 'assistant' && typeof m.content !== 'string') {
        if (m.content.filter((p) => p.type === 'tool-call').length > 1) parallel++;
      }
      if (m.role !== 'tool') continue;
      for (const p of m.content) {
        if (p.type !== 'tool-result') continue;
        tools.add(p.toolName);
        if (p.output.type === 'execution-denied') denied++;
        sizes[p.toolName] = [...(sizes[p.toolName] ?? []), JSON.stringify(p.output).length];
      }
    }
    expect(tools).toEqual(new Set(['web_search', 'fetch_page', 'read_file', 'run_sql', 'run_shell']));
    expect(parallel).toBeGreaterThan(10);
    expect(denied).toBeGreaterThan(0);
    const range = (name: string) => [Math.min(...sizes[name]!), Math.max(...sizes[name]!)];
    expect(range('web_search')[0]).toBeGreaterThanOrEqual(2 * 1024);
    expect(range('web_search')[1]).toBeLessThan(10 * 1024);
    expect(range('fetch_page')[0]).toBeGreaterThanOrEqual(10 * 1024);
    expect(range('fetch_page')[1]).toBeLessThan(52 * 1024);
  });

  it('approval responses share a tool message with the result they decide, after the request', () => {
    const messages = createScriptedConversation({ seed: 2, messages: 2000 });
    let approvals = 0;
    messages.forEach((m, i) => {
      if (m.role !== 'tool') return;
      const response = m.content.find((p) => p.type === 'tool-approval-response');
      if (!response) return;
      approvals++;
      const prev = messages[i - 1]!;
      expect(prev.role).toBe('assistant');
      const request = (prev.content as Exclude<typeof prev.content, string>).find(
        (p) => p.type === 'tool-approval-request' && p.approvalId === response.approvalId,
      );
      expect(request).toBeDefined();
      const result = m.content.find((p) => p.type === 'tool-result');
      expect(result?.type === 'tool-result' && result.toolName).toBe('run_shell');
      if (!response.approved)
        expect(result?.type === 'tool-result' && result.output.type).toBe('execution-denied');
    });
    expect(approvals).toBeGreaterThan(3);
  });

  it('scales tool results with toolResultBytes', () => {
    const bytes = (scale: number) =>
      JSON.stringify(createScriptedConversation({ seed: 5, messages: 400, toolResultBytes: scale })).length;
    expect(bytes(0.1)).toBeLessThan(bytes(1) / 4);
  });

  it('text is varied, not a repeated block', () => {
    const messages = createScriptedConversation({ seed: 9, messages: 300 });
    const sentences = messages
      .flatMap((m) =>
        typeof m.content === 'string' ? [m.content] : m.content.map((p) => ('text' in p ? p.text : '')),
      )
      .join(' ')
      .split(/(?<=\.)\s+/);
    expect(new Set(sentences).size / sentences.length).toBeGreaterThan(0.9);
  });

  it('rejects bad options with a typed error', () => {
    for (const bad of [
      { seed: 1, messages: -1 },
      { seed: 1, messages: 1.5 },
      { seed: Number.NaN, messages: 3 },
      { seed: 1, messages: 3, toolResultBytes: 0 },
    ]) {
      expect(() => createScriptedConversation(bad)).toThrow(MemoryError);
    }
    // A misspelt option was ignored: tool results of the default 1 byte, not the 10 KB a benchmark asked for.
    expect(() =>
      createScriptedConversation({ seed: 1, messages: 3, toolResultByte: 10_000 } as never),
    ).toThrow(/createScriptedConversation\(options\)\.toolResultByte: not an option/);
  });
});

describe('splitTurns', () => {
  it('starts a turn at each user message and keeps every message', () => {
    const messages = createScriptedConversation({ seed: 4, messages: 90 });
    const turns = splitTurns(messages);
    expect(turns.flat()).toEqual(messages);
    for (const t of turns) expect(t[0]!.role).toBe('user');
  });
});
