/**
 * A deterministic, realistic tool-using agent session for demos, benchmarks and tests: users ask research and
 * coding questions; the assistant reasons, calls tools (some in parallel, some needing approval) and answers.
 * Text is built from word lists and templates with a seeded PRNG, so it tokenizes like prose, code and JSON.
 */

import type { AssistantContent, ModelMessage, ToolContent, ToolResultPart } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createPrng } from './prng.ts';

/** Options of {@link createScriptedConversation}. */
export interface ScriptedConversationOptions {
  /** Seed of the PRNG: the same seed and options give the same messages. */
  seed: number;
  /** Exactly how many messages to produce. */
  messages: number;
  /**
   * Scale of tool result sizes: 1 gives web_search 2–8 KB, fetch_page 10–50 KB, read_file 1.5–12 KB,
   * run_sql 1–6 KB; 0.1 makes them ten times smaller.
   * @default 1
   */
  toolResultBytes?: number;
  /** Whether assistant messages carry reasoning parts. @default true */
  reasoning?: boolean;
}

type Rng = () => number;

/** The session's PRNG: mulberry32 over a scrambled seed. */
function createRng(seed: number): Rng {
  return createPrng(Math.imul(seed | 0, 0x9e3779b1) ^ 0x85ebca6b);
}

const words = (s: string) => s.split(' ');
const NOUNS = words(
  'cache index query planner connection pool request response schema migration table column row partition replica shard lock transaction queue worker job scheduler token budget context window message session tenant user agent model embedding vector cluster node container image deployment service endpoint gateway router handler middleware parser compiler bundle module package dependency release branch commit test fixture benchmark latency throughput timeout retry backoff error exception stack trace log metric dashboard alert incident outage rollout flag config secret certificate socket buffer stream file directory snapshot backup checkpoint summary document page article paragraph citation source dataset sample batch pipeline stage function closure promise callback iterator generator type interface contract driver adapter plugin hook event listener signal thread process memory heap garbage collector allocation regression profile flame graph',
);
const VERBS = words(
  'reads writes returns caches stores drops trims splits merges validates parses serializes counts measures retries schedules routes rewrites indexes compacts flushes loads evicts streams batches deduplicates compresses encodes decodes locks releases migrates replicates restores resolves rejects throttles limits buffers forwards logs tracks',
);
const ADJS = words(
  'stale fresh large small slow fast durable transient atomic partial consistent eventual concurrent sequential idempotent expensive cheap incremental lazy eager nested flat sparse dense hot cold primary secondary default custom legacy modern brittle robust noisy quiet bounded unbounded',
);
const ADVS = words(
  'quickly slowly safely silently eventually rarely often always usually twice lazily eagerly',
);
const NAMES = words(
  'PostgreSQL SQLite Redis Kafka Node.js TypeScript Python Rust Go Kubernetes Docker Nginx Linux React Vite vitest Prisma Drizzle LangChain OpenAI Anthropic pgvector FTS5 V8 libuv Terraform GitHub Grafana Prometheus',
);
const TOPICS = [
  'connection pooling under load',
  'slow queries after a migration',
  'token budgets for long agent sessions',
  'flaky integration tests in CI',
  'memory growth in a worker process',
  'full-text search ranking',
  'vector index recall',
  'retry storms after an outage',
  'schema design for an audit log',
  'streaming responses through a proxy',
  'cold start latency of a serverless function',
  'cache invalidation for user profiles',
  'rate limiting an external API',
  'backfilling a large table',
  'tracing requests across services',
];
const TEMPLATES = [
  'The {adj} {noun} {verb} the {noun} when the {noun} is {adj}.',
  'In {name}, a {noun} {verb} each {noun} {adv}, which keeps the {noun} {adj}.',
  'If the {noun} {verb} too {adv}, the {noun} becomes {adj} and the {noun} {verb} it again.',
  'We measured {int} ms for the {adj} path and {int} ms once the {noun} was {adj}.',
  'Most {noun}s in {name} are {adj}; only the {noun} {verb} anything {adj}.',
  'A {adj} {noun} is not the same as a {adj} {noun}, so the {noun} {verb} both.',
  'After {int} requests the {noun} {verb} the {noun} and the {noun} drops to {int}%.',
  'The docs for {name} say the {noun} {verb} a {noun} per {noun}, not per {noun}.',
  'Why does the {noun} {verb} the {noun} before the {noun} is {adj}?',
  'Setting {ident} to {int} made the {noun} {adj} without touching the {noun}.',
  'Each {noun} has its own {noun}, and the {noun} {verb} them {adv}.',
  'The {noun} was {adj} because {name} {verb} the {noun} {adv} under {int} concurrent {noun}s.',
  'Compared with {name}, the {noun} here {verb} {int}x fewer {noun}s.',
  'It {verb} the {noun} once; after that, every {noun} {verb} a {adj} copy.',
];

interface Gen {
  rng: Rng;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  id(prefix: string): string;
}

function createGen(seed: number): Gen {
  const rng = createRng(seed);
  const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const id = (prefix: string) => {
    let s = prefix;
    for (let i = 0; i < 24; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
    return s;
  };
  return { rng, int, pick, chance: (p) => rng() < p, id };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function ident(g: Gen): string {
  return `${g.pick(VERBS).replace(/e?s$/, '')}${cap(g.pick(NOUNS))}${g.chance(0.4) ? cap(g.pick(ADJS)) : ''}`;
}

function sentence(g: Gen, topic?: string): string {
  const out = g.pick(TEMPLATES).replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (slot === 'noun') return topic && g.chance(0.15) ? topic.split(' ').pop()! : g.pick(NOUNS);
    if (slot === 'verb') return g.pick(VERBS);
    if (slot === 'adj') return g.pick(ADJS);
    if (slot === 'adv') return g.pick(ADVS);
    if (slot === 'name') return g.pick(NAMES);
    if (slot === 'ident') return `\`${ident(g)}\``;
    return String(g.int(2, g.chance(0.5) ? 99 : 4000));
  });
  return cap(out);
}

function paragraph(g: Gen, topic: string, min = 3, max = 7): string {
  const n = g.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(sentence(g, topic));
  return out.join(' ');
}

function url(g: Gen): string {
  const host = g.pick(['docs', 'blog', 'wiki', 'dev', 'news', 'engineering']);
  const site = g
    .pick(NAMES)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return `https://${host}.${site}.example/${g.pick(NOUNS)}/${g.pick(VERBS)}-${g.pick(NOUNS)}-${g.int(1, 9999)}`;
}

/** Grows text with `part()` until it reaches `bytes` (approximately; characters are ASCII). */
function fill(bytes: number, part: () => string, sep = '\n\n'): string {
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const s = part();
    out.push(s);
    size += s.length + sep.length;
  }
  return out.join(sep);
}

function webSearch(g: Gen, topic: string, bytes: number) {
  const results: { title: string; url: string; snippet: string; published: string }[] = [];
  let size = 0;
  while (size < bytes) {
    const r = {
      title: `${cap(g.pick(ADJS))} ${g.pick(NOUNS)}s in ${g.pick(NAMES)}: ${sentence(g, topic).slice(0, 60)}`,
      url: url(g),
      snippet: paragraph(g, topic, 2, 4),
      published: `20${g.int(19, 26)}-${String(g.int(1, 12)).padStart(2, '0')}-${String(g.int(1, 28)).padStart(2, '0')}`,
    };
    results.push(r);
    size += JSON.stringify(r).length;
  }
  return { query: topic, results };
}

function page(g: Gen, topic: string, bytes: number): string {
  const title = `# ${cap(topic)} with ${g.pick(NAMES)}`;
  return `${title}\n\n${fill(bytes, () => (g.chance(0.15) ? `## ${cap(g.pick(ADJS))} ${g.pick(NOUNS)}s\n\n` : '') + paragraph(g, topic))}`;
}

function code(g: Gen, bytes: number): string {
  const fn = () => {
    const name = ident(g);
    const args = [g.pick(NOUNS), g.pick(NOUNS)].map((a) => `${a}: ${cap(g.pick(NOUNS))}`).join(', ');
    const lines = [`/** ${sentence(g)} */`, `export async function ${name}(${args}) {`];
    for (let i = g.int(2, 8); i > 0; i--) {
      const v = ident(g);
      lines.push(
        g.pick([
          `  const ${v} = await ${ident(g)}(${g.pick(NOUNS)}, { ${g.pick(NOUNS)}: ${g.int(1, 500)} });`,
          `  if (!${v}) throw new Error('${sentence(g).slice(0, 48)}');`,
          `  for (const ${g.pick(NOUNS)} of ${v}) ${ident(g)}(${g.pick(NOUNS)});`,
          `  // ${sentence(g)}`,
          `  let ${v} = ${g.pick(NOUNS)}.${g.pick(NOUNS)} ?? ${g.int(0, 64)};`,
        ]),
      );
    }
    lines.push(`  return ${ident(g)}(${g.pick(NOUNS)});`, '}');
    return lines.join('\n');
  };
  return `import { ${ident(g)} } from './${g.pick(NOUNS)}.ts';\n\n${fill(bytes, fn)}`;
}

function sqlTable(g: Gen, bytes: number) {
  const columns = ['id', `${g.pick(NOUNS)}_name`, 'status', 'amount', 'created_at'];
  const rows: (string | number)[][] = [];
  let size = 0;
  while (size < bytes) {
    const row = [
      g.int(1, 999999),
      `${g.pick(ADJS)}-${g.pick(NOUNS)}-${g.int(1, 999)}`,
      g.pick(['active', 'pending', 'failed', 'archived']),
      Math.round(g.rng() * 1e6) / 100,
      `2026-${String(g.int(1, 12)).padStart(2, '0')}-${String(g.int(1, 28)).padStart(2, '0')}T${String(g.int(0, 23)).padStart(2, '0')}:${String(g.int(10, 59))}:00Z`,
    ];
    rows.push(row);
    size += JSON.stringify(row).length;
  }
  return { columns, rows, rowCount: rows.length };
}

interface Call {
  toolCallId: string;
  toolName: string;
  input: Record<string, string | number>;
  output: ToolResultPart['output'];
}

function toolCall(g: Gen, topic: string, scale: number): Call {
  const kb = (min: number, max: number) => Math.max(64, Math.round(g.int(min * 1024, max * 1024) * scale));
  const toolCallId = g.id('call_');
  const kind = g.int(0, 9);
  if (kind < 3) {
    const query = `${topic} ${g.pick(NAMES)} ${g.pick(NOUNS)}`;
    return {
      toolCallId,
      toolName: 'web_search',
      input: { query },
      output: { type: 'json', value: webSearch(g, query, kb(2, 8)) },
    };
  }
  if (kind < 5)
    return {
      toolCallId,
      toolName: 'fetch_page',
      input: { url: url(g) },
      output: { type: 'text', value: page(g, topic, kb(10, 50)) },
    };
  if (kind < 8) {
    const path = `src/${g.pick(NOUNS)}/${g.pick(NOUNS)}-${g.pick(NOUNS)}.ts`;
    return {
      toolCallId,
      toolName: 'read_file',
      input: { path },
      output: { type: 'text', value: code(g, kb(1.5, 12)) },
    };
  }
  const sql = `SELECT id, status, amount, created_at FROM ${g.pick(NOUNS)}s WHERE status = '${g.pick(['active', 'failed'])}' ORDER BY created_at DESC LIMIT ${g.int(20, 500)}`;
  return {
    toolCallId,
    toolName: 'run_sql',
    input: { sql },
    output: { type: 'json', value: sqlTable(g, kb(1, 6)) },
  };
}

type AssistantParts = Exclude<AssistantContent, string>;

function reasoning(g: Gen, topic: string, on: boolean): AssistantParts {
  return on ? [{ type: 'reasoning', text: paragraph(g, topic, 2, 5) }] : [];
}

/** One user turn: a question, 0–4 tool steps, an answer; at most `room` messages. */
function turn(g: Gen, room: number, scale: number, think: boolean): ModelMessage[] {
  const topic = g.pick(TOPICS);
  const ask = g.pick([
    `How should I handle ${topic} in our ${g.pick(NAMES)} setup?`,
    `Can you look into ${topic}? ${sentence(g, topic)}`,
    `We keep seeing ${topic}. What is going on?`,
    `Please compare two approaches to ${topic}.`,
    `Why is ${topic} getting worse this week?`,
  ]);
  const detail = g.chance(0.6) ? ` ${paragraph(g, topic, 1, 4)}` : '';
  const out: ModelMessage[] = [{ role: 'user', content: `${ask}${detail}` }];
  let steps = g.chance(0.2) ? 0 : g.int(1, 4);
  steps = Math.min(steps, Math.floor((room - 1) / 2));
  for (let s = 0; s < steps; s++) {
    const content = reasoning(g, topic, think);
    if (g.chance(0.3)) content.push({ type: 'text', text: sentence(g, topic) });
    const tool: ToolContent = [];
    if (g.chance(0.06)) {
      // A command that needs approval: the request sits beside its call; response and result share one tool message.
      const toolCallId = g.id('call_');
      const approvalId = g.id('approval_');
      const command = `${g.pick(['npm run', 'make', 'psql -c'])} ${ident(g)}`;
      content.push({ type: 'tool-call', toolCallId, toolName: 'run_shell', input: { command } });
      content.push({ type: 'tool-approval-request', approvalId, toolCallId });
      const approved = g.chance(0.7);
      const reason = approved ? undefined : `Not now: ${sentence(g, topic)}`;
      tool.push({ type: 'tool-approval-response', approvalId, approved, ...(reason ? { reason } : {}) });
      tool.push({
        type: 'tool-result',
        toolCallId,
        toolName: 'run_shell',
        output: approved
          ? {
              type: 'text',
              value: fill(Math.round(g.int(300, 3000) * scale), () => `$ ${sentence(g)}`, '\n'),
            }
          : { type: 'execution-denied', reason: reason! },
      });
    } else {
      const calls = Array.from({ length: g.chance(0.25) ? g.int(2, 3) : 1 }, () => toolCall(g, topic, scale));
      for (const c of calls)
        content.push({ type: 'tool-call', toolCallId: c.toolCallId, toolName: c.toolName, input: c.input });
      for (const c of calls)
        tool.push({ type: 'tool-result', toolCallId: c.toolCallId, toolName: c.toolName, output: c.output });
    }
    out.push({ role: 'assistant', content }, { role: 'tool', content: tool });
  }
  if (out.length < room) {
    const answer = Array.from({ length: g.int(1, 4) }, () => paragraph(g, topic)).join('\n\n');
    const content = reasoning(g, topic, think);
    content.push({ type: 'text', text: answer });
    out.push({ role: 'assistant', content });
  }
  return out;
}

/** Every option of {@link createScriptedConversation}: any other key is refused (a misspelling). */
const knownOptions: Record<keyof ScriptedConversationOptions, true> = {
  seed: true,
  messages: true,
  toolResultBytes: true,
  reasoning: true,
};

/**
 * A deterministic tool-using agent session of exactly `messages` AI SDK v7 messages. Every tool call has its
 * result (the session may end right after a tool message, never between a call and its result).
 * @example
 * const messages = createScriptedConversation({ seed: 1, messages: 300 });
 */
export function createScriptedConversation(options: ScriptedConversationOptions): ModelMessage[] {
  checkOptions(options, 'createScriptedConversation', 'testing');
  checkKnownKeys(options, knownOptions, 'createScriptedConversation', 'testing');
  const { seed, messages, toolResultBytes = 1, reasoning: think = true } = options;
  if (!Number.isInteger(messages) || messages < 0) {
    throw invalid(`messages must be a non-negative integer, got ${messages}`);
  }
  if (!Number.isFinite(seed)) throw invalid(`seed must be a finite number, got ${seed}`);
  if (!(toolResultBytes > 0) || !Number.isFinite(toolResultBytes)) {
    throw invalid(`toolResultBytes must be a positive number, got ${toolResultBytes}`);
  }
  const g = createGen(seed);
  const out: ModelMessage[] = [];
  while (out.length < messages) out.push(...turn(g, messages - out.length, toolResultBytes, think));
  return out;
}

/** Splits messages into user turns: each starts at a user message (messages before the first form their own turn). */
export function splitTurns<M extends ModelMessage>(messages: readonly M[]): M[][] {
  const turns: M[][] = [];
  for (const m of messages) {
    if (m.role === 'user' || turns.length === 0) turns.push([m]);
    else turns[turns.length - 1]!.push(m);
  }
  return turns;
}

function invalid(message: string): MemoryError {
  return new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'testing',
    message: `createScriptedConversation: ${message}`,
  });
}
