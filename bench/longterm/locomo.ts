/**
 * Long-term recall on LoCoMo (issue 9): every conversation of `../shared/data/locomo-dev.json` is recorded
 * through engram's public API (one `record(messages)` per session, the session date as the messages' time),
 * then each question is searched and the evidence turns among the top k counted (the paper's R@k).
 * `npm run bench -- --only longterm-recall`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { analyzeText } from '../../src/longterm/analyze-text.ts';
import { bm25Doc, scoreBm25 } from '../../src/longterm/bm25.ts';
import {
  createLongTermMemory,
  type LongTermMemoryOptions,
} from '../../src/longterm/create-long-term-memory.ts';
import { embedderFromModel, embedTexts } from '../../src/longterm/embedder.ts';
import { getLongTermRecords, type HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import { int, type Suite, sectionIntro, table } from '../report.ts';
import { startPgServer } from '../storage/pg-server.ts';
import { categories, type LocomoSample, readLocomo, recallAt } from './locomo-data.ts';
import { createRandomEmbeddingModel } from './random-embedding-model.ts';
import { createUseEmbeddingModel } from './use-embedding-model.ts';

const ks = [5, 10, 25] as const;
const fullText = 'engram full text (SQLite)';
const hybridDefault = 'engram hybrid (SQLite)';
const hybridRandom = 'engram hybrid, random vectors (SQLite)';

/** A retriever under test: prepares a conversation, then ranks its turn ids for a question. */
interface Contender {
  name: string;
  setup: string;
  ingest(sample: LocomoSample): Promise<void>;
  rank(sample: LocomoSample, question: string): Promise<string[]>;
  close?(): Promise<void>;
  /** Whether it searches the records a previous contender ingested (its ingest time is that one's). */
  ingestShared?: boolean;
}

/** Recall sums per category key (`all`, `1`…`5`). */
type Sums = Map<string, { n: number; r: number[] }>;

const scopeOf = (s: LocomoSample) => ({ tenant: 'locomo', user: `conversation-${s.id}` });
/** The message ids a ranking credits: each hit's provenance ids, of any kind of record, in rank order, each once. */
const turnIds = (hits: { record: { provenance: { messageIds: string[] } } }[]) => [
  ...new Set(hits.flatMap((h) => h.record.provenance.messageIds)),
];

/** Plain BM25 over each turn's text alone (no context, no fusion): the lexical floor. */
function plainBm25(): Contender {
  const docs = new Map<string, { ids: string[]; docs: ReturnType<typeof bm25Doc>[] }>();
  return {
    name: 'plain BM25',
    setup:
      "each turn's text alone, same analysis (stopwords, Porter stems) and FTS5 formula, no context or fusion",
    async ingest(s) {
      const turns = s.sessions.flatMap((x) => x.messages);
      docs.set(s.id, {
        ids: turns.map((m) => m.id),
        docs: turns.map((m) => bm25Doc(analyzeText(String(m.content)), [], 0)),
      });
    },
    async rank(s, q) {
      const d = docs.get(s.id)!;
      const scores = scoreBm25(d.docs, analyzeText(q));
      return d.ids
        .map((id, i) => ({ id, s: scores[i]! }))
        .filter((x) => x.s > 0)
        .sort((a, b) => b.s - a.s)
        .slice(0, 25)
        .map((x) => x.id);
    },
  };
}

/** engram through `createLongTermMemory` on a store. */
function engram(
  name: string,
  setup: string,
  store: HasLongTermRecords,
  extra: Partial<LongTermMemoryOptions> = {},
  close?: () => Promise<void>,
): Contender {
  return {
    name,
    setup,
    async ingest(s) {
      for (const session of s.sessions) {
        const memory = createLongTermMemory({ store, scope: scopeOf(s), session: session.id, ...extra });
        await memory.record(session.messages);
        await memory.flush();
      }
    },
    async rank(s, q) {
      const memory = createLongTermMemory({ store, scope: scopeOf(s), ...extra });
      return turnIds(await memory.search(q, { limit: 25 }));
    },
    ...(close ? { close } : {}),
  };
}

/** engram's vector side alone: the stored turn embeddings, nearest to the question's. */
function vectorOnly(store: HasLongTermRecords, model: Parameters<typeof embedderFromModel>[0]): Contender {
  const embedder = embedderFromModel(model);
  const base = engram('', '', store, { embedding: embedder });
  const records = getLongTermRecords(store);
  return {
    name: 'engram vectors only (SQLite)',
    setup:
      'the same stored records; ranked by cosine similarity of USE-lite embeddings alone (`records.searchVector`)',
    ingest: base.ingest,
    async rank(s, q) {
      const [vector] = await embedTexts(embedder, [q]);
      const hits = await records.searchVector(scopeOf(s), {
        vector: vector!,
        model: embedder.id,
        limit: 50,
        filter: { kinds: ['turn'] },
      });
      return turnIds(hits);
    },
  };
}

async function measure(c: Contender, data: LocomoSample[], log: (l: string) => void) {
  const sums: Sums = new Map();
  const t0 = performance.now();
  for (const s of data) await c.ingest(s);
  const ingestMs = performance.now() - t0;
  const times: number[] = [];
  for (const s of data)
    for (const q of s.questions) {
      const t = performance.now();
      const ranked = await c.rank(s, q.question);
      times.push(performance.now() - t);
      for (const key of ['all', String(q.category)]) {
        const slot = sums.get(key) ?? { n: 0, r: ks.map(() => 0) };
        slot.n++;
        ks.forEach((k, i) => {
          slot.r[i]! += recallAt(q.evidence, ranked, k);
        });
        sums.set(key, slot);
      }
    }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] ?? 0;
  const all = sums.get('all')!;
  log(
    `${c.name}: R@10 ${((100 * all.r[1]!) / all.n).toFixed(1)} · ingest ${(ingestMs / 1000).toFixed(1)} s · search p50 ${p50.toFixed(2)} ms`,
  );
  return { sums, ingestMs, p50 };
}

const pct = (slot: { n: number; r: number[] } | undefined, i: number) =>
  slot ? ((100 * slot.r[i]!) / slot.n).toFixed(1) : '–';

/** The suite. */
export const longtermRecall: Suite = async (options) => {
  const data = readLocomo();
  const used = options.quick ? data.slice(0, 1) : data;
  const dir = mkdtempSync(join(tmpdir(), 'engram-locomo-'));
  const contenders: Contender[] = [plainBm25()];
  const sqlite = createSqliteStore({ path: join(dir, 'lexical.db') });
  contenders.push(
    engram(
      fullText,
      'createLongTermMemory defaults on a SQLite file: turn records with 2 neighbours and dates as context, episode fusion, speaker boost, no embedding model',
      sqlite,
      {},
      () => sqlite.close(),
    ),
  );
  let pgNote = '';
  const pg = options.postgres === false ? 'not measured (`--no-postgres`)' : await startPgServer(options.log);
  if (typeof pg === 'string') pgNote = `PostgreSQL: ${pg}.`;
  else {
    const store = createPostgresStore({ connectionString: pg.url, schema: pg.schema, maxConnections: 4 });
    contenders.push(
      engram(
        'engram full text (PostgreSQL)',
        'the same defaults on the PostgreSQL server (scripts/pg-server.sh): GIN candidates, BM25 from kept statistics',
        store,
        {},
        async () => {
          await store.close();
          await pg.release();
        },
      ),
    );
  }
  const model = await createUseEmbeddingModel();
  // One store with embeddings serves the vector and hybrid rows: recorded (and embedded) once, by the first.
  const vectorStore = createSqliteStore({ path: join(dir, 'vectors.db') });
  contenders.push(vectorOnly(vectorStore, model));
  const reuse = (c: Contender): Contender => ({ ...c, ingestShared: true, ingest: async () => undefined });
  const randomModel = createRandomEmbeddingModel();
  const randomRow = engram(
    'engram hybrid, random vectors (SQLite)',
    'the guard: the same records embedded by a model of random unit vectors (a hash of the text seeds each, 256-d, no meaning), fused with the defaults',
    vectorStore,
    { embedding: randomModel },
    () => vectorStore.close(),
  );
  contenders.push(
    reuse(
      engram(
        hybridDefault,
        "the full-text defaults plus `embedding`: USE-lite (512-d, offline) through the AI SDK's `embedMany`, fused with the defaults (calibrated score fusion); the records of the row above",
        vectorStore,
        { embedding: model },
      ),
    ),
    reuse(
      engram(
        'engram hybrid, reciprocal rank (SQLite)',
        'the same, with the previous fusion and the options a user of a weak embedding model set: `fusion: "rrf", vectorWeight: 0.5, rrfK: 10`',
        vectorStore,
        { embedding: model, fusion: 'rrf', vectorWeight: 0.5, rrfK: 10 },
      ),
    ),
    {
      ...randomRow,
      // The records of the USE-lite rows, embedded once more by the random model (its ingest time).
      async ingest(s) {
        await createLongTermMemory({ store: vectorStore, scope: scopeOf(s), embedding: randomModel }).flush();
      },
    },
  );

  const results: ({ c: Contender } & Awaited<ReturnType<typeof measure>>)[] = [];
  try {
    for (const c of contenders) results.push({ c, ...(await measure(c, used, options.log)) });
  } finally {
    for (const c of contenders) await c.close?.().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  const questions = results[0]!.sums.get('all')!.n;
  const dragon = { name: 'DRAGON (published, paper Table 3)', r: ['56.7', '66.2', '76.7'] };
  const overall = table(
    ['retriever', 'R@5', 'R@10', 'R@25', 'ingest (s)', 'search p50 (ms)'],
    [
      [dragon.name, ...dragon.r, '–', '–'],
      ...results.map(({ c, sums, ingestMs, p50 }) => [
        c.name,
        ...ks.map((_, i) => pct(sums.get('all'), i)),
        c.ingestShared ? '(row above)' : (ingestMs / 1000).toFixed(1),
        p50.toFixed(2),
      ]),
    ],
  );
  const perCategory = table(
    [
      'retriever',
      ...Object.entries(categories).map(
        ([k, v]) => `${v} (${k}, n=${results[0]!.sums.get(k)?.n ?? 0}) R@5 / R@10 / R@25`,
      ),
    ],
    results.map(({ c, sums }) => [
      c.name,
      ...Object.keys(categories).map((k) => ks.map((_, i) => pct(sums.get(k), i)).join(' / ')),
    ]),
  );
  const r10 = (name: string, key = 'all') => {
    const slot = results.find((r) => r.c.name === name)?.sums.get(key);
    return slot ? (100 * slot.r[1]!) / slot.n : undefined;
  };
  const lexical = r10(fullText)!;
  const onPg = r10('engram full text (PostgreSQL)');
  const keys = ['all', ...Object.keys(categories)];
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  const hybridRows = results.filter(
    (r) => r.c.name.startsWith('engram hybrid') || r.c.name.startsWith('engram vectors'),
  );
  const againstFullText = table(
    ['R@10 (change against full text)', ...keys.map((k) => (k === 'all' ? 'all' : categories[Number(k)]!))],
    [
      [fullText, ...keys.map((k) => r10(fullText, k)?.toFixed(1) ?? '–')],
      ...hybridRows.map(({ c }) => [
        c.name,
        ...keys.map((k) => {
          const v = r10(c.name, k);
          const base = r10(fullText, k);
          return v === undefined || base === undefined ? '–' : `${v.toFixed(1)} (${signed(v - base)})`;
        }),
      ]),
    ],
  );
  /** The categories (and overall) where a row is below full text. */
  const below = (name: string) =>
    keys.filter((k) => (r10(name, k) ?? Number.NEGATIVE_INFINITY) < (r10(fullText, k) ?? 0));
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  const hybrid = r10(hybridDefault)!;
  const hybridBelow = below(hybridDefault);
  const randomBelow = below(hybridRandom);
  const named = (list: string[]) =>
    list.map((k) => (k === 'all' ? 'overall' : categories[Number(k)])).join(', ');
  const markdown = [
    '## Long-term recall on LoCoMo',
    '',
    ...sectionIntro(options, `${used.length} conversations, ${int(questions)} questions`),
    '',
    "Each conversation is recorded through `createLongTermMemory(...).record(messages)`, one call per session (speaker A as `user`, B as `assistant`, the speaker as the message name, an image caption appended as text, the session date as the messages' time), each conversation in its own user scope. Each question is then searched (`search(question, { limit: 25 })`) and R@k is the share of its evidence turns among the first k message ids the results credit (each result's provenance message ids, whatever its kind, in rank order, each once), averaged over all questions; a question without valid evidence counts as 1; malformed evidence ids are split on `[;\\s]+` and unknown ones dropped. The DRAGON row is the published figure (dialog turns as units), not re-run here.",
    '',
    'Contenders:',
    ...contenders.map((c) => `- ${c.name}: ${c.setup}`),
    ...(pgNote ? [`- ${pgNote}`] : []),
    '',
    overall,
    '',
    'Per category:',
    '',
    perCategory,
    '',
    'Hybrid and vector rows against full text (R@10, SQLite):',
    '',
    againstFullText,
    '',
    'Against the targets:',
    `- R@10 with no external model (engram full text, SQLite): ${lexical.toFixed(1)} (target ≥ 82: ${verdict(lexical >= 82)}).`,
    onPg === undefined
      ? '- PostgreSQL within 1 point of SQLite: not measured.'
      : `- PostgreSQL within 1 point of SQLite: ${onPg.toFixed(1)} vs ${lexical.toFixed(1)} (${Math.abs(onPg - lexical) <= 1 ? 'met' : 'missed'}).`,
    `- Hybrid with USE-lite at the defaults ≥ full text + 2: ${hybrid.toFixed(1)} vs ${lexical.toFixed(1)} (${verdict(hybrid >= lexical + 2)}); ≥ full text in every category: ${verdict(hybridBelow.length === 0)}${hybridBelow.length ? ` (below in ${named(hybridBelow)})` : ''}.`,
    `- Hybrid with random vectors (the guard) ≥ full text overall and in every category: ${verdict(randomBelow.length === 0)}${randomBelow.length ? ` (below in ${named(randomBelow)})` : ''}.`,
  ].join('\n');
  return { id: 'longterm-recall', markdown };
};
