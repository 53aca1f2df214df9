import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropUncalledResults } from './uncalled-results.ts';

const call = (...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: ids.map((toolCallId) => ({ type: 'tool-call' as const, toolCallId, toolName: 't', input: {} })),
});
const results = (...ids: string[]): ModelMessage => ({
  role: 'tool',
  content: ids.map((toolCallId) => ({
    type: 'tool-result' as const,
    toolCallId,
    toolName: 't',
    output: { type: 'text' as const, value: toolCallId },
  })),
});

/** Calls and results over a small pool of ids (some answered before their call, some never called). */
const arbLog = fc.array(
  fc.oneof(
    fc.constant<ModelMessage>({ role: 'user', content: 'q' }),
    fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 2 }).map((ids) => call(...ids.map((n) => `c${n}`))),
    fc
      .uniqueArray(fc.nat(5), { minLength: 1, maxLength: 2 })
      .map((ids) => results(...ids.map((n) => `c${n}`))),
  ),
  { maxLength: 20 },
);

describe('dropUncalledResults', () => {
  it('leaves no result before or without its call, nor a second one of a call, and only those out (property)', () => {
    fc.assert(
      fc.property(arbLog, (log) => {
        const out = dropUncalledResults(log);
        const called = new Set<string>();
        const kept: string[] = [];
        for (const m of out) {
          if (m.role === 'assistant' && typeof m.content !== 'string')
            for (const p of m.content) if (p.type === 'tool-call') called.add(p.toolCallId);
          if (m.role === 'tool') {
            expect(m.content.length).toBeGreaterThan(0);
            for (const p of m.content)
              if (p.type === 'tool-result') {
                expect(called.delete(p.toolCallId)).toBe(true);
                kept.push(p.toolCallId);
              }
          }
        }
        // Every result whose call came before it, and no result since, is kept, in order; every message but an
        // emptied tool one too.
        const seen = new Set<string>();
        const expected: string[] = [];
        for (const m of log) {
          if (m.role === 'assistant' && typeof m.content !== 'string')
            for (const p of m.content) if (p.type === 'tool-call') seen.add(p.toolCallId);
          if (m.role === 'tool')
            for (const p of m.content)
              if (p.type === 'tool-result' && seen.delete(p.toolCallId)) expected.push(p.toolCallId);
        }
        expect(kept).toEqual(expected);
        expect(out.filter((m) => m.role !== 'tool')).toEqual(log.filter((m) => m.role !== 'tool'));
        if (expected.length === log.flatMap((m) => (m.role === 'tool' ? m.content : [])).length)
          expect(out).toBe(log);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a provider-executed call’s denial, which answers a call made in the step before it', () => {
    const denied: ModelMessage[] = [
      { role: 'user', content: 'delete the repo' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'mcp_1',
            toolName: 'mcp.delete',
            input: {},
            providerExecuted: true,
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'mcp_1',
            toolName: 'mcp.delete',
            output: { type: 'execution-denied' },
          },
        ],
      },
    ];
    expect(dropUncalledResults(denied)).toBe(denied);
  });
});
