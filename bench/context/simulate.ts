/**
 * The turn loop of the context-assembly suite: a session is fed turn by turn to every contender; on sampled
 * turns each contender is timed back to back on the same turn (a full GC before each), and the outputs are
 * checked. Between samples the contenders take the turns untimed: engram stores each turn in one call,
 * LangChain's counters learn the new messages' counts.
 */

import type { BaseMessage } from '@langchain/core/messages';
import { trimMessages } from '@langchain/core/messages';
import { type ModelMessage, pruneMessages } from 'ai';
import { splitTurns } from '../../src/testing/scripted-conversation.ts';
import { countModelMessages, toLangChain } from '../peer-messages.ts';
import { collectGarbage } from '../report.ts';
import { boundedTail } from './bounded-tail.ts';
import { assertSameTrim, assertSameWindows, langChainSplits, unitSplits } from './checks.ts';
import { type EngramContender, type EngramPlace, timedTurn } from './engram-contenders.ts';
import { createMemoCounter, createPrefixSumCounter, type TrimCounter } from './trim-counters.ts';

/** What one engram contender did on a sampled turn. */
export interface EngramTiming {
  /** Milliseconds of the turn's `store` calls (one per step). */
  store: number;
  /** Milliseconds of the window `read()`. */
  read: number;
  /** Messages in the window. */
  windowMessages: number;
  /** Tokens in the window. */
  windowTokens: number;
}

/** Timings and figures of one sampled turn. */
export interface TurnSample {
  /** The checkpoint the turn belongs to. */
  checkpoint: number;
  /** Messages in the log after the turn. */
  messages: number;
  /** Messages of the turn (each stored by its own call). */
  turnMessages: number;
  /** Bytes of the turn's tool results (JSON). */
  toolBytes: number;
  /** o200k tokens of the turn. */
  turnTokens: number;
  /** engram, by place. */
  engram: Record<EngramPlace, EngramTiming>;
  /** trimMessages over the bounded tail with the prefix-sum counter: counting the new messages, the tail, the trim. */
  tail: number;
  /** Messages of the bounded tail handed to trimMessages. */
  tailMessages: number;
  /** Messages the bounded-tail trim handed its counter in all. */
  tailCounted: number;
  /** trimMessages over the whole history with the prefix-sum counter (counting the new messages, then the trim), on whole-history turns only. */
  trim?: number;
  /** trimMessages with the per-message memo (the old baseline), on memo turns only. */
  memo?: number;
  /** Messages trimMessages returned (the same list for every LangChain contender, checked). */
  trimOutput: number;
  /** Messages the whole-history trim handed its counter in all, on whole-history turns only. */
  trimCounted?: number;
  /** pruneMessages plus counting its output. */
  prune: number;
  /** Tokens of the pruned list. */
  pruneTokens: number;
  /** Split tool pairs in any output. */
  splits: number;
}

/** How a session is sampled. */
export interface SamplePlan {
  /** The checkpoint of a turn (by index) when it is timed, else undefined. */
  checkpointOf(turn: number): number | undefined;
  /** Whether the turn is also trimmed over the whole history (output compared with the bounded tail's). */
  whole(turn: number): boolean;
  /** Whether the turn is also run with the old per-message memo over the whole history, its output compared. */
  verify(turn: number): boolean;
  /** Whether engram reads its window on this untimed turn (from the turn before a checkpoint's samples on). */
  warm(turn: number): boolean;
}

const BUDGET = 100_000;

/** The budget every contender trims to. */
export const budget = BUDGET;

const trim = (messages: BaseMessage[], counter: TrimCounter) =>
  trimMessages(messages, {
    maxTokens: BUDGET,
    strategy: 'last',
    startOn: 'human',
    includeSystem: true,
    tokenCounter: counter.tokenCounter,
  });

const toolBytes = (turn: readonly ModelMessage[]) =>
  turn.reduce(
    (sum, m) => (m.role === 'tool' ? sum + m.content.reduce((s, p) => s + JSON.stringify(p).length, 0) : sum),
    0,
  );

/** Feeds `messages` turn by turn to the contenders; returns the sampled turns. */
export async function simulate(
  messages: readonly ModelMessage[],
  engram: readonly EngramContender[],
  plan: SamplePlan,
  log: (line: string) => void = () => {},
): Promise<TurnSample[]> {
  const lc: BaseMessage[] = [];
  const v7: ModelMessage[] = [];
  const prefix = createPrefixSumCounter();
  const memo = createMemoCounter();
  const samples: TurnSample[] = [];
  for (const [t, turn] of splitTurns(messages).entries()) {
    const fresh = turn.flatMap((m, i) => toLangChain(m, `m${v7.length + i}`));
    lc.push(...fresh);
    v7.push(...turn);
    if (Math.floor(v7.length / 10_000) > Math.floor((v7.length - turn.length) / 10_000))
      log(`  ${v7.length.toLocaleString('en-US')} messages`);
    const checkpoint = plan.checkpointOf(t);
    if (checkpoint === undefined) {
      for (const c of engram) await c.view.store(turn);
      if (plan.warm(t)) for (const c of engram) await c.view.read();
      prefix.add(fresh);
      for (const m of fresh) memo.seed(m.id!, prefix.countOf(m.id!)!);
      continue;
    }
    const where = `at turn ${t} (${v7.length} messages)`;
    const timings = {} as Record<EngramPlace, EngramTiming>;
    const windows: ModelMessage[][] = [];
    // Rotate the order of the engram contenders, so none is always first after the others' work.
    for (let k = 0; k < engram.length; k++) {
      const c = engram[(t + k) % engram.length]!;
      collectGarbage('minor');
      const r = await timedTurn(c.view, turn);
      const stats = c.view.lastStats();
      timings[c.place] = {
        store: r.store,
        read: r.read,
        windowMessages: r.window.length,
        windowTokens: stats?.tokens ?? 0,
      };
      windows.push(r.window);
    }
    assertSameWindows(
      Object.values(timings).map((x) => ({ messages: x.windowMessages, tokens: x.windowTokens })),
      where,
    );

    // LangChain: count the new messages (both trims need them), then the bounded tail, then the whole history.
    collectGarbage('minor');
    const t0 = performance.now();
    prefix.add(fresh); // counted inside the timed phase, as engram counts inside store
    const countMs = performance.now() - t0;
    let countedBefore = prefix.counted();
    const t1 = performance.now();
    const tail = boundedTail(lc, prefix, BUDGET);
    const tailTrimmed = await trim(tail, prefix);
    const tailMs = countMs + performance.now() - t1;
    const tailCounted = prefix.counted() - countedBefore;

    let trimMs: number | undefined;
    let trimCounted: number | undefined;
    if (plan.whole(t) || plan.verify(t)) {
      collectGarbage('minor');
      countedBefore = prefix.counted();
      const t3 = performance.now();
      const trimmed = await trim(lc, prefix);
      trimMs = countMs + performance.now() - t3;
      trimCounted = prefix.counted() - countedBefore;
      assertSameTrim(trimmed, tailTrimmed, where, 'the bounded tail', 'the whole history');
    }

    let memoMs: number | undefined;
    if (plan.verify(t)) {
      collectGarbage('minor');
      const t4 = performance.now();
      const old = await trim(lc, memo); // the memo counts this turn's messages inside the call
      memoMs = performance.now() - t4;
      assertSameTrim(
        old,
        tailTrimmed,
        where,
        'the prefix-sum counter over the bounded tail',
        'the per-message memo over the whole history',
      );
    } else for (const m of fresh) memo.seed(m.id!, prefix.countOf(m.id!)!);

    collectGarbage('minor');
    const t2 = performance.now();
    const pruned = pruneMessages({
      messages: v7,
      reasoning: 'before-last-message',
      toolCalls: 'before-last-2-messages',
      emptyMessages: 'remove',
    });
    const pruneTokens = countModelMessages(pruned);
    const pruneMs = performance.now() - t2;

    samples.push({
      checkpoint,
      messages: v7.length,
      turnMessages: turn.length,
      toolBytes: toolBytes(turn),
      turnTokens: fresh.reduce((s, m) => s + prefix.countOf(m.id!)!, 0),
      engram: timings,
      tail: tailMs,
      tailMessages: tail.length,
      tailCounted,
      trim: trimMs,
      memo: memoMs,
      trimOutput: tailTrimmed.length,
      trimCounted,
      prune: pruneMs,
      pruneTokens,
      splits:
        windows.reduce((s, w) => s + unitSplits(w), 0) + langChainSplits(tailTrimmed) + unitSplits(pruned),
    });
  }
  return samples;
}

/** One trimMessages call at the end of a short session with a counter that tokenizes on every call. */
export async function naiveTrim(
  messages: readonly ModelMessage[],
): Promise<{ messages: number; naive: number; prefix: number }> {
  const lc = messages.flatMap((m, i) => toLangChain(m, `m${i}`));
  const time = async (counter: TrimCounter) => {
    collectGarbage();
    const t0 = performance.now();
    await trim(lc, counter);
    return performance.now() - t0;
  };
  const prefix = createPrefixSumCounter();
  prefix.add(lc);
  await time(prefix);
  return {
    messages: messages.length,
    prefix: await time(prefix),
    naive: await time(createMemoCounter({ naive: true })),
  };
}
