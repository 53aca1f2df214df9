/**
 * A quick full-text LoCoMo evaluation for ranking work (issue 24), outside `npm run bench`: the 7 development
 * conversations recorded once into a SQLite file (cached under `ENGRAM_QUICK_DIR`, default the OS temp folder, by
 * a hash of the files that decide what is recorded), then every question searched with each variant of ranking
 * options, R@5/10/25 printed overall and per category, for the tune conversations {0,1,2,3} and the check ones
 * {4,5,6} separately. Variants: `ENGRAM_QUICK_VARIANTS='{"name": {...ranking options}}'` (default: the defaults).
 * `ENGRAM_QUICK_EMBEDDING=use` (or `random`, the guard) records and searches hybrid with that model (its own cached file).
 * `ENGRAM_QUICK_STORE=memory` records into the in-process store instead (every run; it ranks exactly as SQLite).
 * `node --experimental-strip-types --no-warnings bench/longterm/locomo-quick.ts` (Node ≥ 23: `node_modules/.bin/node`)
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import {
  createLongTermMemory,
  type LongTermMemoryOptions,
} from '../../src/longterm/create-long-term-memory.ts';
import { recallCandidates } from '../../src/longterm/long-term-retrieval.ts';
import type { HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import { defaultRecallTokens, type PackedRecall, packRecall } from '../../src/longterm/pack-recall.ts';
import { spokenText } from '../../src/longterm/turn-records.ts';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import { categories, type LocomoSample, readLocomo, recallAt } from './locomo-data.ts';
import { createRandomEmbeddingModel } from './random-embedding-model.ts';
import { createUseEmbeddingModel } from './use-embedding-model.ts';

const ks = [5, 10, 25] as const;
const tune = new Set([0, 1, 2, 3]);
const scopeOf = (s: LocomoSample) => ({ tenant: 'locomo', user: `conversation-${s.id}` });

/** The files whose change changes what is recorded. */
const recordingFiles = [
  'turn-records.ts',
  'temporal-context.ts',
  'analyze-text.ts',
  'prepare-record.ts',
  'long-term-recording.ts',
  'topic-line.ts',
  'topic-cues.ts',
  'personal-topics.ts',
  ...readdirSync(fileURLToPath(new URL('../../src/longterm/self-facts/', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `self-facts/${f}`),
].map((f) => fileURLToPath(new URL(`../../src/longterm/${f}`, import.meta.url)));

/** `ENGRAM_QUICK_EMBEDDING`: `use` (USE-lite) or `random` (the guard) records and searches with that model; unset: full text. */
const embeddingName = process.env.ENGRAM_QUICK_EMBEDDING ?? '';
const embedding =
  embeddingName === 'use'
    ? await createUseEmbeddingModel()
    : embeddingName === 'random'
      ? createRandomEmbeddingModel()
      : undefined;
const withModel = embedding ? { embedding } : {};

async function recordedStore(data: LocomoSample[]) {
  if (process.env.ENGRAM_QUICK_STORE === 'memory') {
    const store = createMemoryStore();
    await record(store, data);
    return store;
  }
  const hash = createHash('sha256');
  for (const f of recordingFiles) hash.update(readFileSync(f));
  const dir = process.env.ENGRAM_QUICK_DIR || join(tmpdir(), 'engram-locomo-quick');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${hash.digest('hex').slice(0, 16)}${embeddingName ? `-${embeddingName}` : ''}.db`);
  if (!existsSync(path)) {
    const partial = `${path}.partial`;
    rmSync(partial, { force: true });
    const store = createSqliteStore({ path: partial });
    await record(store, data);
    await store.close();
    renameSync(partial, path);
  }
  return createSqliteStore({ path });
}

/** The turn ids a recall block holds: its turn records' messages and the neighbours it shows (as recall-budget.ts counts). */
function turnsInside(packed: PackedRecall, words: Map<string, Map<string, string[]>>): Set<string> {
  const inside = new Set<string>();
  for (const { result, context } of packed.items) {
    if (result.record.kind !== 'turn') continue;
    for (const id of result.record.provenance.messageIds) inside.add(id);
    const bySession = words.get(result.record.session ?? '');
    for (const line of context) for (const id of bySession?.get(line) ?? []) inside.add(id);
  }
  return inside;
}

/** Each session's turn ids by their spoken text. */
const wordsOf = (s: LocomoSample) =>
  new Map(
    s.sessions.map((session) => {
      const bySpoken = new Map<string, string[]>();
      for (const m of session.messages) {
        const text = spokenText(m);
        bySpoken.set(text, [...(bySpoken.get(text) ?? []), m.id]);
      }
      return [session.id, bySpoken];
    }),
  );

/** R@5/10/25 sums, then the evidence share inside the default recall block. */
type Slot = { n: number; r: number[] };

/** Records every conversation, one `record` call per session. */
async function record(store: HasLongTermRecords, data: LocomoSample[]) {
  for (const s of data)
    for (const session of s.sessions) {
      const memory = createLongTermMemory({ store, scope: scopeOf(s), session: session.id, ...withModel });
      await memory.record(session.messages);
      await memory.flush();
    }
}
const pct = (s: Slot | undefined, i: number) => (s ? ((100 * s.r[i]!) / s.n).toFixed(1) : '–');

const data = readLocomo();
const variants: Record<string, Partial<LongTermMemoryOptions>> = process.env.ENGRAM_QUICK_VARIANTS
  ? JSON.parse(process.env.ENGRAM_QUICK_VARIANTS)
  : { defaults: {} };
const store = await recordedStore(data);
const counter = createTokenCounter({ encoding: 'o200k_base' });
const catKeys = Object.keys(categories);
console.log(
  `variant | part | R@5 | R@10 | R@25 | ${catKeys.map((k) => `${categories[Number(k)]} R@10`).join(' | ')} | block % | block multi-hop | block open-domain | ms/q`,
);
for (const [name, extra] of Object.entries(variants)) {
  const sums = new Map<string, Slot>();
  const t0 = performance.now();
  let asked = 0;
  for (const [index, s] of data.entries()) {
    const memory = createLongTermMemory({ store, scope: scopeOf(s), ...withModel, ...extra });
    const part = tune.has(index) ? 'tune' : 'check';
    const words = wordsOf(s);
    for (const q of s.questions) {
      const hits = await memory.search(q.question, { limit: 25 });
      asked++;
      const ranked = [...new Set(hits.flatMap((h) => h.record.provenance.messageIds))];
      const pool = await memory.search(q.question, { limit: recallCandidates(defaultRecallTokens) });
      const inside = turnsInside(packRecall(pool, { maxTokens: defaultRecallTokens, counter }), words);
      const block = q.evidence.length
        ? q.evidence.filter((e) => inside.has(e)).length / q.evidence.length
        : 1;
      for (const key of [`${part}`, `${part}:${q.category}`, 'all', `all:${q.category}`]) {
        const slot = sums.get(key) ?? { n: 0, r: [...ks.map(() => 0), 0] };
        slot.n++;
        ks.forEach((k, i) => {
          slot.r[i]! += recallAt(q.evidence, ranked, k);
        });
        slot.r[ks.length]! += block;
        sums.set(key, slot);
      }
    }
  }
  const ms = (performance.now() - t0) / asked;
  for (const part of ['tune', 'check', 'all'])
    console.log(
      [
        name,
        part,
        ...ks.map((_, i) => pct(sums.get(part), i)),
        ...catKeys.map((k) => pct(sums.get(`${part}:${k}`), 1)),
        pct(sums.get(part), ks.length),
        pct(sums.get(`${part}:1`), ks.length),
        pct(sums.get(`${part}:3`), ks.length),
        ms.toFixed(1),
      ].join(' | '),
    );
}
await store.close();
