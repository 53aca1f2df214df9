import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import type { Artifact } from '../store/memory-store.ts';
import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import type { AssemblyItem, DroppedItems } from '../views/assembly/context-assembly.ts';
import { tokensBySource } from '../views/assembly/context-assembly.ts';
import { diffSteps } from './step-diff.ts';
import { recallTexts, stepHealth } from './step-health.ts';
import { stepMarks } from './step-marks.ts';

const record = (items: AssemblyItem[], extra: Partial<AssemblyRecord> = {}): AssemblyRecord => ({
  id: 'a',
  sessionId: 's',
  at: new Date(1000),
  lastSeq: 100,
  view: 'test',
  counter: { encoding: 'o200k_base', exact: true },
  tokens: items.reduce((t, i) => t + i.tokens, 0),
  items,
  dropped: [],
  bySource: tokensBySource(items),
  ...extra,
});
const msg = (id: string, seq: number, tokens = 10): AssemblyItem => ({
  source: 'message',
  tokens,
  why: 'recent',
  messageId: id,
  fromSeq: seq,
  toSeq: seq,
});
const message = (id: string, role: MemoryMessage['role'], content: MemoryMessage['content']) =>
  ({ id, role, content, createdAt: new Date(0) }) as MemoryMessage;

describe('diffSteps', () => {
  it('matches items by message id, else range, else text, and sums the delta per source', () => {
    const summary = (to: number, tokens: number): AssemblyItem => ({
      source: 'summary',
      tokens,
      why: 'summary',
      fromSeq: 1,
      toSeq: to,
    });
    const a = record([summary(10, 50), msg('m1', 11), msg('m2', 12)]);
    const b = record([summary(10, 50), msg('m2', 12, 15), msg('m3', 13)]);
    const d = diffSteps(a, b);
    expect(d.added.map((i) => i.messageId)).toEqual(['m3']);
    expect(d.removed.map((i) => i.messageId)).toEqual(['m1']);
    expect(d.changed.map((c) => [c.before.tokens, c.after.tokens])).toEqual([[10, 15]]);
    expect(d.tokensDelta).toEqual({ message: 5 });
  });
});

describe('stepHealth', () => {
  const call = message('c', 'assistant', [
    { type: 'tool-call', toolCallId: 't1', toolName: 'web', input: {} },
  ]);
  const result = message('r', 'tool', [
    { type: 'tool-result', toolCallId: 't1', toolName: 'web', output: { type: 'text', value: 'ok' } },
  ]);
  const messages = new Map([
    ['c', call],
    ['r', result],
    ['u', message('u', 'user', 'I live in Lisbon and love the sea')],
  ]);

  it('finds a tool call sent without its result, and a result without its call', () => {
    expect(stepHealth(record([msg('c', 1), msg('r', 2)]), messages)).toEqual([]);
    expect(stepHealth(record([msg('c', 1)]), messages).map((h) => h.message)).toEqual([
      'tool call t1 (web) is sent without its result',
    ]);
    expect(stepHealth(record([msg('r', 2)]), messages).map((h) => h.check)).toEqual(['split-tool-pair']);
  });

  it('finds a record recalled twice, and recall repeating a message sent', () => {
    const block = (lines: string[]): AssemblyItem => ({
      source: 'long-term',
      tokens: 20,
      why: 'recall',
      preview: [
        '<long_term_memory>',
        'Remembered.',
        ...lines.map((l) => `- [2026-01-01] ${JSON.stringify(l)}`),
      ].join('\n'),
    });
    expect(recallTexts(block(['A b', 'c']).preview!)).toEqual(['a b', 'c']);
    const twice = stepHealth(record([block(['Ada likes tea.', 'Ada likes tea.'])]), messages);
    expect(twice.map((h) => h.check)).toEqual(['duplicate-recall']);
    const echo = stepHealth(record([msg('u', 3), block(['I live in Lisbon and love the sea'])]), messages);
    expect(echo.map((h) => h.message)).toEqual([
      'recall repeats a message sent: "I live in Lisbon and love the sea"',
    ]);
  });

  it('finds a summary far behind the messages kept while those between were dropped', () => {
    const summary: AssemblyItem = { source: 'summary', tokens: 30, why: 's', fromSeq: 1, toSeq: 10 };
    const dropped: DroppedItems[] = [{ rule: 'budget', why: 'b', messages: 40, fromSeq: 11, toSeq: 50 }];
    expect(stepHealth(record([summary, msg('u', 51)], { dropped }), messages).map((h) => h.check)).toEqual([
      'stale-summary',
    ]);
    const few: DroppedItems[] = [{ rule: 'budget', why: 'b', messages: 5, fromSeq: 11, toSeq: 15 }];
    expect(stepHealth(record([summary, msg('u', 16)], { dropped: few }), messages)).toEqual([]);
  });

  it('finds working memory and recall over a quarter of the budget', () => {
    const wm: AssemblyItem = { source: 'working-memory', tokens: 300, why: 'pinned' };
    expect(stepHealth(record([wm], { budget: 1000 }), messages).map((h) => h.message)).toEqual([
      'working memory and recall take 300 tokens, 30% of the 1000-token budget',
    ]);
    expect(stepHealth(record([wm], { budget: 2000 }), messages)).toEqual([]);
  });
});

describe('stepMarks', () => {
  it('marks artifacts written since the step before, and rules that left out more', () => {
    const steps = [record([], { at: new Date(1000) }), record([], { at: new Date(2000) })];
    steps[1]!.dropped = [
      { rule: 'first-use-expiry', why: 'cited', messages: 0, tokens: 900, fromSeq: 5, toSeq: 5 },
    ];
    const ladder: Artifact = {
      id: 'l',
      kind: 'autocontext',
      fromSeq: 2,
      toSeq: 40,
      data: { step: 'summarize-rounds' },
      createdAt: new Date(1500),
    };
    expect(stepMarks(steps, [ladder])).toEqual([
      [],
      [
        { kind: 'ladder', label: 'ladder: summarize-rounds #2–#40' },
        { kind: 'offload', label: 'offload: 1 tool result cited (900 tokens left out)' },
      ],
    ]);
  });
});
