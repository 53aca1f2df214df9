import type { ToolResultPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolResultCiter } from '../../content/cite-tool-results.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';
import { groupUnits } from '../../messages/units.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { applyLadder, type LadderItem } from './apply-ladder.ts';
import { createExtractiveSummarizer } from './extractive-summarizer.ts';
import type { LadderStep } from './ladder-artifacts.ts';
import { type PlanContext, planCompressCurrent } from './plan-steps.ts';

const counter = createTokenCounter();
const total = (items: readonly LadderItem[]) => items.reduce((n, i) => n + i.tokens, 0);

describe('planCompressCurrent', () => {
  it('cuts a newest unit an earlier step cut already from the room it has as the view shows it', async () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const at = new Date(0);
    const messages = [
      { id: 'm1', role: 'user', content: words(300, 'question'), createdAt: at },
      {
        id: 'm2',
        role: 'assistant',
        createdAt: at,
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} }],
      },
      {
        id: 'm3',
        role: 'tool',
        createdAt: at,
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'search',
            output: { type: 'text', value: words(1500, 'result') },
          },
        ],
      },
    ] as unknown as MemoryMessage[];
    const entries: LogEntry[] = messages.map((message, i) => ({
      seq: i + 1,
      message,
      tokens: counter.count(message),
    }));
    const store = createMemoryStore();
    const citer = createToolResultCiter({ content: createContentStore({ store, counter }), logKey: 'run' });
    const plan = async (steps: LadderStep[], budget: number) => {
      const items = applyLadder(entries, steps, counter, new Map());
      const ctx: PlanContext = {
        items,
        entries,
        units: groupUnits(entries, { message: (e) => e.message, tokens: (e) => e.tokens }),
        steps,
        protectFromSeq: 2,
        counter,
        citer,
        excludeTools: new Set(),
        minResultTokens: 10,
        summarizer: createExtractiveSummarizer(),
        lastSeq: 3,
        reloadKeep: 5,
      };
      const planned = await planCompressCurrent(ctx, budget, total(items));
      const toStep = (p: (typeof planned)[number], id: string): LadderStep => ({
        ...p,
        id,
        createdAt: new Date(steps.length),
        tokensBefore: 0,
        tokensAfter: 0,
      });
      return { items, planned, next: planned.map((p) => [...steps, toStep(p, `s${steps.length}`)])[0] };
    };
    const whole = total(applyLadder(entries, [], counter, new Map()));
    const first = await plan([], whole - 1000);
    expect(first.planned).toHaveLength(1);
    // The window shrinks by 300 tokens (an older range shown again, say): the cut result must give them up.
    const budget = whole - 1300;
    const second = await plan(first.next!, budget);
    expect(total(second.items)).toBeGreaterThan(budget);
    expect(second.planned).toHaveLength(1);
    const shown = (second.items.at(-1)!.message.content as ToolResultPart[])[0]!.output;
    for (const o of second.planned[0]!.outputs!) {
      expect(o.text.length).toBeLessThan(toolOutputText(shown).length);
    }
    const after = total(applyLadder(entries, second.next!, counter, new Map()));
    expect(after).toBeLessThanOrEqual(budget);
    expect(total(second.items) - after).toBe(second.planned[0]!.gain);
  });
});
