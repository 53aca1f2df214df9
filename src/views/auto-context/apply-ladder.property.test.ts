import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../core/message.ts';
import { toMemoryMessage } from '../../messages/from-model-message.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import {
  applyLadder,
  isActive,
  type LadderCache,
  type LadderItem,
  logItem,
  replaceOutputs,
  summaryMessage,
  supersededSteps,
} from './apply-ladder.ts';
import type { LadderStep } from './ladder-artifacts.ts';

/**
 * applyLadder looks only at the slots within each step's range (binary search over the log's sequence
 * numbers); it equals the direct computation that walks every item for every step.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });

const arbStep = (maxSeq: number) =>
  fc.record({
    from: fc.integer({ min: 1, max: maxSeq }),
    span: fc.integer({ min: 0, max: 30 }),
    summary: fc.boolean(),
    reloaded: fc.boolean(),
    pick: fc.array(fc.nat(), { maxLength: 4 }),
  });

describe('applyLadder', () => {
  it('property: equals walking every item for every step', () => {
    const script = createScriptedConversation({ seed: 5, messages: 160, toolResultBytes: 0.02 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 160 }),
        fc.array(fc.boolean(), { minLength: 160, maxLength: 160 }),
        fc.array(arbStep(170), { maxLength: 40 }),
        (count, gaps, raw) => {
          let seq = 0;
          const entries: LogEntry[] = script.slice(0, count).map((m, i) => {
            seq += gaps[i] ? 2 : 1;
            const message = toMemoryMessage(m, { id: `m${i}`, createdAt: new Date(0) });
            return { seq, message, tokens: counter.count(message) } as LogEntry;
          });
          const tools = entries.flatMap((e) =>
            e.message.role === 'tool' && typeof e.message.content !== 'string'
              ? e.message.content.flatMap((p) =>
                  p.type === 'tool-result' ? [{ seq: e.seq, toolCallId: p.toolCallId }] : [],
                )
              : [],
          );
          const steps: LadderStep[] = raw.map((r, i) => {
            const base = {
              id: `s${i}`,
              step: r.summary ? ('summarize-rounds' as const) : ('clear-tool-results' as const),
              fromSeq: r.from,
              toSeq: r.from + r.span,
              tokensBefore: 0,
              tokensAfter: 0,
              createdAt: new Date(i),
              ...(r.reloaded ? { reloadedAtSeq: 1 } : {}),
            };
            if (r.summary) return { ...base, summary: { text: `summary ${i}`, tokens: 7 } };
            const outputs =
              tools.length === 0
                ? []
                : r.pick.map((k) => ({ ...tools[k % tools.length]!, text: `cut ${i}` }));
            return { ...base, outputs };
          });
          for (const skipSuperseded of [true, false]) {
            const got = applyLadder(entries, steps, counter, new Map(), { skipSuperseded });
            expect(got).toEqual(direct(entries, steps, counter, new Map(), { skipSuperseded }));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The direct computation (the implementation before slots): every item looked at for every step. */
function direct(
  entries: readonly LogEntry[],
  steps: readonly LadderStep[],
  counter: TokenCounter,
  cache: LadderCache,
  options: { skipSuperseded?: boolean } = {},
): LadderItem[] {
  let items: LadderItem[] = entries.map(logItem);
  const skip = options.skipSuperseded === false ? new Set<LadderStep>() : supersededSteps(steps);
  for (const step of steps) {
    if (!isActive(step) || skip.has(step)) continue;
    if (step.outputs && step.outputs.length > 0) {
      const bySeq = new Map<number, Map<string, string>>();
      for (const o of step.outputs) {
        if (!bySeq.has(o.seq)) bySeq.set(o.seq, new Map());
        bySeq.get(o.seq)!.set(o.toolCallId, o.text);
      }
      items = items.map((item) => {
        const texts = item.entry && item.origin !== 'summary' ? bySeq.get(item.entry.seq) : undefined;
        if (!texts) return item;
        const trail = [...item.steps, step.id];
        const key = `${item.entry!.seq}:${item.entry!.tokens}|${trail.join('|')}`; // base tokens tell a cited base from a full one
        let hit = cache.get(key);
        if (!hit) {
          const message = replaceOutputs(item.message, texts);
          hit = { message, tokens: message === item.message ? item.tokens : counter.count(message) };
          cache.set(key, hit);
        }
        if (hit.message === item.message) return item; // the step changes nothing here
        return { ...item, message: hit.message, tokens: hit.tokens, origin: 'replaced', steps: trail };
      });
    }
    if (step.summary) {
      const out: LadderItem[] = [];
      let placed = false;
      for (const item of items) {
        const inside =
          item.fromSeq >= step.fromSeq && item.toSeq <= step.toSeq && item.message.role !== 'system';
        if (!inside) {
          out.push(item);
          continue;
        }
        if (!placed) {
          out.push({
            fromSeq: step.fromSeq,
            toSeq: step.toSeq,
            message: summaryMessage(step, step.summary.text),
            tokens: step.summary.tokens,
            origin: 'summary',
            steps: [step.id],
          });
          placed = true;
        }
      }
      items = out;
    }
  }
  return items;
}
