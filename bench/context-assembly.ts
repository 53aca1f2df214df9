/**
 * Per-turn context assembly as a tool-heavy session grows to 10,000 messages under a 100,000-token budget,
 * side by side in one run:
 *   engram     — `view.store(newMessages)` (validates and counts them, once) then `tokenWindow.read()`
 *   LangChain  — `trimMessages(allMessages, { maxTokens, strategy: 'last', startOn: 'human', … })`
 *   AI SDK     — `pruneMessages(allMessages, …)` then a gpt-tokenizer count of the result
 */

import os from 'node:os';
import type { BaseMessage } from '@langchain/core/messages';
import { trimMessages } from '@langchain/core/messages';
import { type ModelMessage, pruneMessages } from 'ai';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import { groupMessages } from '../src/messages/units.ts';
import { createScriptedConversation, splitTurns } from '../src/testing/scripted-conversation.ts';
import { createTokenCounter } from '../src/tokens/index.ts';
import { createTokenWindowMemory } from '../src/views/token-window-memory.ts';
import { countModelMessages, createLangChainCounter, toLangChain } from './peer-messages.ts';
import { collectGarbage, gcAvailable, int, machine, median, ms, ratio, type Suite, table } from './report.ts';

const BUDGET = 100_000;
const SEED = 2026;

/** Timings and figures of one sampled turn. */
interface Sample {
  checkpoint: number;
  messages: number;
  store: number;
  read: number;
  engram: number;
  trim: number;
  prune: number;
  windowTokens: number;
  windowMessages: number;
  trimMessages: number;
  trimCounts: number;
  pruneTokens: number;
  splits: number;
}

/** Unanswered calls or unmatched results in a LangChain list. */
function langChainSplits(messages: readonly BaseMessage[]): number {
  const open = new Set<string>();
  let bad = 0;
  for (const m of messages) {
    if (m.getType() === 'ai')
      for (const c of (m as { tool_calls?: { id?: string }[] }).tool_calls ?? []) open.add(c.id!);
    if (m.getType() === 'tool' && !open.delete((m as unknown as { tool_call_id: string }).tool_call_id))
      bad++;
  }
  return bad + open.size;
}

/** Units of an AI SDK list that are orphans or wait for results (a trailing in-flight turn is fine). */
function unitSplits(messages: readonly ModelMessage[]): number {
  const units = groupMessages(messages);
  return units.filter((u, i) => u.kind === 'orphan' || (u.pending.size > 0 && i < units.length - 1)).length;
}

/**
 * Feeds a session turn by turn into the three pipelines; on the sampled turns, times each one.
 * Between samples the peers' message lists grow untimed (LangChain conversion happens once per message).
 */
async function simulate(messages: ModelMessage[], checkpointOf: (turnIndex: number) => number | undefined) {
  const memory = createConversationMemory({ counter: createTokenCounter({ encoding: 'o200k_base' }) });
  const view = createTokenWindowMemory({ memory, maxTokens: BUDGET });
  const lc: BaseMessage[] = [];
  const v7: ModelMessage[] = [];
  // One memo for the whole session, as a LangChain user calling trimMessages every turn would keep.
  const counter = createLangChainCounter();
  const samples: Sample[] = [];
  const turns = splitTurns(messages);
  for (const [t, turn] of turns.entries()) {
    const fresh = turn.flatMap((m, i) => toLangChain(m, `m${v7.length + i}`));
    lc.push(...fresh);
    v7.push(...turn);
    const checkpoint = checkpointOf(t);
    if (checkpoint === undefined) {
      // Untimed turns: engram stores (and counts); LangChain's memo learns the new messages' counts.
      await view.store(turn);
      counter.tokenCounter(fresh);
      continue;
    }
    collectGarbage();
    const t0 = performance.now();
    await view.store(turn);
    const t1 = performance.now();
    const window = await view.read();
    const t2 = performance.now();

    collectGarbage();
    // Timed like engram's store: the new messages are counted (once, then memoized) inside this call.
    const countedBefore = counter.counted();
    const t3 = performance.now();
    const trimmed = await trimMessages(lc, {
      maxTokens: BUDGET,
      strategy: 'last',
      startOn: 'human',
      includeSystem: true,
      tokenCounter: counter.tokenCounter,
    });
    const t4 = performance.now();

    collectGarbage();
    const t5 = performance.now();
    const pruned = pruneMessages({
      messages: v7,
      reasoning: 'before-last-message',
      toolCalls: 'before-last-2-messages',
      emptyMessages: 'remove',
    });
    const pruneTokens = countModelMessages(pruned);
    const t6 = performance.now();

    samples.push({
      checkpoint,
      messages: v7.length,
      store: t1 - t0,
      read: t2 - t1,
      engram: t2 - t0,
      trim: t4 - t3,
      prune: t6 - t5,
      windowTokens: view.lastStats()?.tokens ?? 0,
      windowMessages: window.length,
      trimMessages: trimmed.length,
      trimCounts: counter.counted() - countedBefore,
      pruneTokens,
      splits: unitSplits(window) + langChainSplits(trimmed) + unitSplits(pruned),
    });
  }
  return samples;
}

/** One trimMessages call at the end of a short session with a counter that tokenizes on every call. */
async function naiveTrim(
  messages: ModelMessage[],
): Promise<{ messages: number; naive: number; memo: number }> {
  const lc = messages.flatMap((m, i) => toLangChain(m, `m${i}`));
  const time = async (naive: boolean) => {
    const counter = createLangChainCounter({ naive });
    if (!naive) counter.tokenCounter(lc);
    collectGarbage();
    const t0 = performance.now();
    await trimMessages(lc, {
      maxTokens: BUDGET,
      strategy: 'last',
      startOn: 'human',
      includeSystem: true,
      tokenCounter: counter.tokenCounter,
    });
    return performance.now() - t0;
  };
  await time(false);
  return { messages: messages.length, memo: await time(false), naive: await time(true) };
}

/** The context-assembly suite. */
export const contextAssembly: Suite = async ({ quick, log }) => {
  const total = quick ? 2_500 : 10_000;
  const checkpoints = quick ? [500, 1_000, 2_500] : [1_000, 2_500, 5_000, 7_500, 10_000];
  const perCheckpoint = quick ? 3 : 7;
  const started = process.hrtime.bigint();
  const loadAtStart = os.loadavg()[0]!;

  log(`generating a ${int(total)}-message scripted session (seed ${SEED})…`);
  const messages = createScriptedConversation({ seed: SEED, messages: total });
  const turns = splitTurns(messages);
  const ends: number[] = [];
  let n = 0;
  for (const turn of turns) {
    n += turn.length;
    ends.push(n);
  }
  // The `perCheckpoint` consecutive turns ending nearest each checkpoint.
  const sampledTurns = new Map<number, number>();
  for (const c of checkpoints) {
    const last = Math.max(
      0,
      ends.findIndex((e) => e >= c),
    );
    for (let i = Math.max(0, last - perCheckpoint + 1); i <= last; i++) sampledTurns.set(i, c);
  }

  log('warming up on a separate 600-message session…');
  await simulate(createScriptedConversation({ seed: SEED + 1, messages: 600 }), () => 0);

  log(`measuring ${sampledTurns.size} turns at ${checkpoints.map(int).join(', ')} messages…`);
  const samples = await simulate(messages, (t) => sampledTurns.get(t));
  const naive = quick
    ? undefined
    : await naiveTrim(createScriptedConversation({ seed: SEED, messages: 200 }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const rows = checkpoints.map((c) => {
    const at = samples.filter((s) => s.checkpoint === c);
    const m = (k: keyof Sample) => median(at.map((s) => s[k]));
    return {
      c,
      row: [
        `~${int(c)} (${int(Math.min(...at.map((s) => s.messages)))}–${int(Math.max(...at.map((s) => s.messages)))})`,
        `${ms(m('engram'))} (${ms(m('store'))} + ${ms(m('read'))})`,
        ms(m('trim')),
        ms(m('prune')),
        ratio(m('trim') / m('engram')),
        ratio(m('prune') / m('engram')),
        `${int(m('windowMessages'))} / ${int(m('windowTokens'))}`,
        int(m('trimMessages')),
        int(m('trimCounts')),
        int(m('pruneTokens')),
      ],
    };
  });
  const all = (k: keyof Sample) => median(samples.map((s) => s[k]));
  const splits = samples.reduce((a, s) => a + s.splits, 0);
  const trimRatio = all('trim') / all('engram');
  const lastAt = samples.filter((x) => x.checkpoint === checkpoints[checkpoints.length - 1]);
  const lastRatio = median(lastAt.map((x) => x.trim)) / median(lastAt.map((x) => x.engram));
  const perTurn = (k: 'trim' | 'prune') => median(samples.map((x) => x[k] / x.engram));
  const verdict =
    trimRatio >= 50 && lastRatio >= 50
      ? `Target (engram ≥ 50× faster per turn than trimMessages): met — ${ratio(trimRatio)} on the overall medians, ${ratio(lastRatio)} at ${int(total)} messages.`
      : `Target (engram ≥ 50× faster per turn than trimMessages): **not met** on ${trimRatio < 50 ? `the overall medians (${ratio(trimRatio)})` : ''}${trimRatio < 50 && lastRatio < 50 ? ' and ' : ''}${lastRatio < 50 ? `the ${int(total)}-message checkpoint (${ratio(lastRatio)})` : ''}.`;

  const markdown = `## Context assembly per turn (engram vs LangChain \`trimMessages\` vs AI SDK \`pruneMessages\`)

Command: \`npm run bench\` (this suite alone: \`npm run bench -- context-assembly\`), ${int(perCheckpoint)} consecutive turns sampled around
each checkpoint, medians reported; ${gcAvailable ? 'a full GC before each timed phase' : 'no GC between phases (V8 refused `--expose-gc`)'};
whole suite ${seconds.toFixed(0)} s; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.
Machine: ${machine()}.

Workload: \`createScriptedConversation({ seed: ${SEED}, messages: ${int(total)} })\` — a tool-using agent session
(${int(turns.length)} user turns; reasoning, web_search 2–8 KB, fetch_page 10–50 KB, read_file, run_sql, parallel calls,
approvals; ${int(countModelMessages(messages))} o200k tokens in all). Budget: ${int(BUDGET)} tokens. Per turn, each contender
assembles the context for the next model call after the turn's messages arrive:

- **engram**: \`view.store(turnMessages)\` — validation, o200k counting of the new messages, append — then
  \`createTokenWindowMemory({ memory, maxTokens: ${int(BUDGET)} }).read()\` over an in-process \`createConversationMemory()\`.
- **LangChain** \`trimMessages(all, { maxTokens: ${int(BUDGET)}, strategy: 'last', startOn: 'human', includeSystem: true, tokenCounter })\`
  over the whole LangChain message list (converted once as messages arrive, untimed). \`tokenCounter\` sums gpt-tokenizer o200k
  counts of each message's content and tool calls, **memoized per message id for the whole session** (each message is tokenized once, inside
  the first timed call that sees it, as engram tokenizes it inside \`store\`) — the fastest counter a LangChain user can write,
  so its times are a lower bound.
- **AI SDK** \`pruneMessages({ messages: all, reasoning: 'before-last-message', toolCalls: 'before-last-2-messages', emptyMessages: 'remove' })\`
  then a gpt-tokenizer o200k count of the result (what a plain AI SDK user must do to learn whether it fits).

${table(
  [
    'messages in log',
    'engram ms (store + read)',
    'trimMessages ms',
    'prune + count ms',
    'trim / engram',
    'prune / engram',
    'engram window msgs / tokens',
    'trim output msgs',
    'trim: messages counted',
    'prune output tokens',
  ],
  rows.map((r) => r.row),
)}

Median over all ${samples.length} sampled turns: engram **${ms(all('engram'))} ms** (store ${ms(all('store'))} + read ${ms(all('read'))}),
trimMessages **${ms(all('trim'))} ms** (**${ratio(trimRatio)}** engram), pruneMessages + count **${ms(all('prune'))} ms**
(**${ratio(all('prune') / all('engram'))}** engram); medians of the per-turn ratios: trim / engram ${ratio(perTurn('trim'))},
prune / engram ${ratio(perTurn('prune'))}. At ${int(total)} messages: **${ratio(lastRatio)}** (trimMessages / engram).
Split tool pairs in any output (engram window, trimMessages output, pruneMessages output): ${splits}.
${verdict}
${
  naive
    ? `
With the straightforward (non-memoized) counter, one \`trimMessages\` call at the end of a ${int(naive.messages)}-message prefix of the
same session took ${ms(naive.naive)} ms (memoized: ${ms(naive.memo)} ms); it re-tokenizes the list once per dropped message, so at
thousands of messages it takes minutes per turn and is not measured above.
`
    : ''
}
Why: engram counts each message once, when it is stored, and keeps the count in the log entry; the token window
reads the log backward only until the budget is full and sums cached counts, so a turn costs the new messages'
tokenization plus work proportional to the window — the "store" column is almost all of it, and it does not grow
with the log. \`trimMessages\` copies every message and calls \`tokenCounter\` on ever shorter prefixes of the reversed
list, once per message it drops (the "messages counted" column), so its cost grows with the square of the history
even when every count is memoized. \`pruneMessages\` walks and rebuilds the whole list and enforces no budget: its output
(the last column) keeps every user and assistant text message and is far over ${int(BUDGET)} tokens at these sizes, and
counting it re-tokenizes the whole history each turn.
`;
  return { id: 'context-assembly', markdown };
};
