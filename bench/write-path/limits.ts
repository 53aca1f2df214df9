/**
 * "Where the time goes" of the write-path section: the probes measured in the run, and the limit each missed
 * SQLite target meets, computed from the run's own figures (nothing here is a hard-coded figure).
 */

import { int, ms, ratio } from '../report.ts';
import { type FigureReader, usPer, type WritePathFigures } from './figures.ts';

/** The probe paragraph and the limit statements. */
export function limits(f: WritePathFigures, read: FigureReader): string[] {
  const { countUs, fts } = f.diagnostics;
  const { rate, paired, cpu } = read;
  const indexUs = fts.ftsUs - fts.plainUs;
  const top = Math.max(...f.plan.sessions);
  const out = [
    `Where the time goes (this run): exact o200k counting costs ${ms(countUs)} µs per message on its own (first pass, fresh counter). Full-text indexing at commit: a raw node:sqlite loop (WAL, synchronous=NORMAL) makes ${int(fts.commits)} one-row commits of the fixture's message texts in ${ms(fts.plainUs)} µs each (p99 ${ms(fts.plainP99Us)} µs) into a plain table alone, and in ${ms(fts.ftsUs)} µs each (p99 ${ms(fts.ftsP99Us)} µs) when the same transaction also inserts the text into a contentless FTS5 table (\`fts5(text, content='', tokenize='porter unicode61')\`): the index costs ${ms(indexUs)} µs per commit (medians of ${fts.passes} alternating pass${fts.passes > 1 ? 'es' : ''} each way). FTS5 writes a new segment at every commit, so this is a cost per transaction: a shared (group) commit spreads it over its batch, a lone writer pays it on every append.`,
  ];
  const mastra = rate('mastra', 1);
  if (Number.isFinite(mastra)) {
    const budget = usPer(mastra);
    out.push(
      `- Single writer, process durability, the limit, measured: ≥ 1.0× Mastra (${ms(budget)} µs per \`saveMessages\`, ${ms(cpu('mastra', 1))} µs of CPU) needs ≤ ${ms(budget)} µs per \`memory.store\` call, and the 1.5× aim ≤ ${ms(budget / 1.5)} µs; it takes ${ms(usPer(rate('engram-after-memory-process', 1)))} µs (${ms(cpu('engram-after-memory-process', 1))} µs of CPU). Since issue 23 the full-text index is written in batches from a watermark (one FTS5 segment a batch, 512 rows since 468b2a2, 64 before), so the per-commit index cost above (${ms(indexUs)} µs) is no longer paid by each append; what the index still costs is per row (tokenizing and inserting the text). Exact counting takes ${ms(countUs)} µs, ${Math.round((countUs / (budget / 1.5)) * 100)}% of the 1.5× aim's budget. The durable write alone (\`store.append\`, inputs counted beforehand) takes ${ms(usPer(rate('engram-after-store-process', 1)))} µs (${ms(cpu('engram-after-store-process', 1))} µs of CPU). A lone caller awaits one message at a time, so nothing can overlap the count with the commit (the count is a column of the row being committed).`,
    );
  }
  const loopUs = usPer(rate('raw-process', top));
  const engramCpu = cpu('engram-after-memory-process', top);
  out.push(
    `- ${top} sessions, process durability, the limit, measured: above the raw loop means less than its ${ms(loopUs)} µs per commit (its aggregate rate at ${top} sessions; ${ms(cpu('raw-process', top))} µs of CPU) per message; engram spends ${ms(engramCpu)} µs of CPU per message at ${top} sessions, ${ratio(engramCpu / loopUs)} that, and exact counting alone takes ${ms(countUs)} µs (${ratio(countUs / loopUs)} the loop's commit). With \`synchronous=NORMAL\` a commit costs no fsync, so sharing commits saves only the per-commit work (the bare commit, ${ms(fts.plainUs)} µs); what is left is per message and CPU-bound on one core (node:sqlite runs on the event loop thread). At power durability, where each commit waits for an fsync, sharing it is what counts: ${ratio(paired('engram-after-memory-power', 'raw-power', top))} the raw loop.`,
  );
  const pg = f.diagnostics.postgres;
  const before = rate('pg-before', 1);
  if (pg && Number.isFinite(before)) {
    const beforeMs = 1000 / before;
    const afterMs = 1000 / rate('pg-after', 1);
    const saved = 3 * pg.roundTripMs;
    const floor =
      pg.rowFloorMs === undefined
        ? ''
        : ` The least a lone durable append of these messages can cost on engram's schema, measured: one autocommit INSERT per message into a copy of its message table (its tsvector, GIN and B-tree indexes; no session counter, one round trip, one flush) takes ${ms(pg.rowFloorMs)} ms (median). ≥ 2× the ${ms(beforeMs)} ms an append took before needs ≤ ${ms(beforeMs / 2)} ms per append, ${pg.rowFloorMs > beforeMs / 2 ? `${ratio(pg.rowFloorMs / (beforeMs / 2))} over what that floor allows: the target is out of reach of any client-side change on this machine` : 'within what that floor allows'}; an append now takes ${ms(afterMs)} ms, ${ratio(afterMs / pg.rowFloorMs)} the floor.`;
    out.push(
      `- PostgreSQL single writer: a round trip takes ${ms(pg.roundTripMs)} ms and a durable commit (WAL flush) ${ms(pg.flushMs)} ms here (medians). An append was 4 round trips (BEGIN, UPDATE, INSERT, COMMIT) and is 1 (\`engram_append_batch\`); the 3 saved are ${ms(saved)} ms of the ${ms(beforeMs)} ms an append took before, so a lone writer, which must wait for its own flush and the server's row work (tsvector, GIN and B-tree inserts) on every append, can gain at most ${ratio(beforeMs / Math.max(beforeMs - saved, 1e-9))} on this machine.${floor} With 16 sessions one statement and one flush carry the whole batch.`,
    );
  }
  return out;
}
