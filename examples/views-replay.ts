/**
 * engram in one screen: a ~300-message tool-using agent session is stored turn by turn into a conversation
 * memory on SQLite (the embedded default, a temporary file), and after each user turn five context views over
 * the same log say how many tokens they would send: a sliding window, a token window, a summary, first use
 * then citation (large tool results in the content store, on the same database), and AutoContextMemory (the
 * compaction ladder). No API key, no network: the conversation is scripted and the summarizers are local,
 * extractive ones.
 *
 *   npm run demo:views
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import {
  createAutoContextMemory,
  createCitationMemory,
  createContentStore,
  createConversationMemory,
  createSlidingWindowMemory,
  createSummarizingMemory,
  createTokenCounter,
  createTokenWindowMemory,
  groupMessages,
  type Summarizer,
} from 'engram';
import { createSqliteStore } from 'engram/sqlite';
import { createScriptedConversation, splitTurns } from 'engram/testing';

const TOTAL_MESSAGES = 300;
const TOKEN_BUDGET = 8_000;
const WINDOW_MESSAGES = 40;

/** A deterministic summarizer with no LLM: keeps the first sentence of each user question, newest 12. */
const extractiveSummarizer: Summarizer = async ({ previousSummary, messages }) => {
  const lines = previousSummary ? previousSummary.split('\n') : [];
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const text =
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
    const first = /^.*?[.?!](\s|$)/.exec(text)?.[0].trim() ?? text.slice(0, 120);
    lines.push(`- The user asked: ${first}`);
  }
  return lines.slice(-12).join('\n') || '- (no questions yet)';
};

/** Atomic units a view's output broke: tool results without their call, or calls without their result. */
function splitPairs(messages: readonly ModelMessage[]): number {
  const units = groupMessages(messages);
  return units.filter((u, i) => u.kind === 'orphan' || (u.pending.size > 0 && i < units.length - 1)).length;
}

const counter = createTokenCounter({ encoding: 'o200k_base' });
const dir = mkdtempSync(join(tmpdir(), 'engram-demo-'));
const store = createSqliteStore({ path: join(dir, 'memory.db') });
const memory = createConversationMemory({ store, counter, sessionId: 'demo' });
const content = createContentStore({ store, counter, space: 'demo' });
const sliding = createSlidingWindowMemory({ conversation: memory, windowSize: WINDOW_MESSAGES });
const tokenWindow = createTokenWindowMemory({ conversation: memory, maxTokens: TOKEN_BUDGET });
const summarizing = createSummarizingMemory({
  conversation: memory,
  maxTokens: TOKEN_BUDGET,
  keepRecent: 8,
  summarizer: extractiveSummarizer,
});
const citations = createCitationMemory({ conversation: memory, content });
const autoContext = createAutoContextMemory({
  conversation: memory,
  content,
  maxTokens: TOKEN_BUDGET,
  lastKeep: 20,
});
const tokensOf = (messages: readonly ModelMessage[]) =>
  messages.reduce((sum, m) => sum + counter.count(m), 0);

// Tool results at a quarter of their full size (web pages of 2.5–12.5 KB) keep the demo's numbers readable.
const conversation = createScriptedConversation({
  seed: 42,
  messages: TOTAL_MESSAGES,
  toolResultBytes: 0.25,
});
const turns = splitTurns(conversation);
const every = Math.max(1, Math.ceil(turns.length / 40));
const cell = (value: number | string, width: number) => String(value).padStart(width);
const num = (n: number) => n.toLocaleString('en-US');

console.log(
  `engram demo: ${num(conversation.length)} scripted messages in ${turns.length} user turns (o200k tokens).`,
);
console.log(
  `Stored on SQLite (${join(dir, 'memory.db')}). Views: sliding window ${WINDOW_MESSAGES} messages, token window ${num(TOKEN_BUDGET)} tokens, summary + recent, first use then citation, AutoContextMemory ${num(TOKEN_BUDGET)}.\n`,
);
console.log(
  `${cell('turn', 4)} ${cell('log msgs', 8)} ${cell('history tok', 11)} │ ${cell('window 40', 9)} ${cell('budget 8k', 9)} ${cell('summary', 8)} ${cell('cited', 8)} ${cell('auto 8k', 8)} │ pairs`,
);
console.log(`${'─'.repeat(36)}┼${'─'.repeat(48)}┼──────`);

let maxReduction = 0;
let splits = 0;
let last: number[] = [];
for (const [i, turn] of turns.entries()) {
  await memory.store(turn);
  const history = await memory.tokens();
  const views = [
    await sliding.read(),
    await tokenWindow.read(),
    await summarizing.read(),
    await citations.read(),
    await autoContext.read(),
  ];
  const sent = views.map(tokensOf);
  last = sent;
  const broken = views.reduce((sum, v) => sum + splitPairs(v), 0);
  splits += broken;
  maxReduction = Math.max(maxReduction, 1 - Math.min(...sent.slice(1)) / history);
  if (i % every !== 0 && i !== turns.length - 1) continue;
  const log = (await memory.stats()).count;
  console.log(
    `${cell(i + 1, 4)} ${cell(log, 8)} ${cell(num(history), 11)} │ ${cell(num(sent[0]!), 9)} ${cell(num(sent[1]!), 9)} ${cell(num(sent[2]!), 8)} ${cell(num(sent[3]!), 8)} ${cell(num(sent[4]!), 8)} │ ${broken === 0 ? '  ✓' : `  ✗ ${broken}`}`,
  );
}

const summary = await summarizing.summary();
console.log(
  `\nFull history: ${num(await memory.tokens())} tokens in ${num((await memory.stats()).count)} messages.`,
);
const final = await memory.tokens();
const pct = (n: number) => `${((1 - n / final) * 100).toFixed(1)}%`;
console.log(
  `At the last turn the views send ${pct(last[0]!)} (window 40), ${pct(last[1]!)} (budget 8k), ${pct(last[2]!)} (summary), ${pct(last[3]!)} (cited) and ${pct(last[4]!)} (auto 8k) fewer tokens.`,
);
console.log(
  `Largest reduction by the token-budgeted views: ${(maxReduction * 100).toFixed(1)}% fewer tokens sent than the full history.`,
);
console.log(`Tool pairs split by any view, at any turn: ${splits}.`);
console.log(
  `The running summary (extractive, no LLM) covers the log up to message #${summary?.toSeq ?? 0}; it ends with:`,
);
console.log(
  summary
    ? summary.text
        .split('\n')
        .slice(-2)
        .map((l) => `  ${l}`)
        .join('\n')
    : '  (none)',
);

const offloaded = await content.query({ limit: 1 });
console.log(
  `\nThe content store holds ${num((await content.snapshot()).items.length)} offloaded tool results; AutoContextMemory recorded ${num((await autoContext.steps()).length)} ladder steps.`,
);
const item = offloaded.items[0];
if (item) {
  const part = await content.retrieve(item.id, { type: 'first_n', n: 120, unit: 'chars' });
  console.log(
    `The newest, ${item.id} from ${item.source} (${num(item.size)} bytes), starts: ${JSON.stringify(part.content)}`,
  );
}
await store.close();
rmSync(dir, { recursive: true, force: true });
