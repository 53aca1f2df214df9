import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentStepsChildConfig } from '../../../test-support/reliability/agent-steps-child.ts';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { checkIntegrity, killAt } from '../../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createToolResultCiter } from '../../content/cite-tool-results.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { LogEntry } from '../../core/message.ts';
import { openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { readAssemblyRecords } from '../../views/assembly/assembly-records.ts';

/**
 * Crash safety of one transaction per agent step: a child process running agent runs of 2 to 5 steps on SQLite (AutoContext
 * over a content store, `recordAssembly`, static long-term memory on the same store) is SIGKILLed at random
 * moments; after every kill each step is whole or absent: every assembly record has its step's messages right
 * after its `lastSeq` (an assistant message, and the tool results of its calls), every step's assistant message
 * has its record, every tool result a record says was sent as a citation has its content item (the content a
 * step's read offloads commits with the step), every long-term record's messages are in the log, and every run's
 * answer has its long-term record (the run's record commits with its last step). Reproduce with
 * ENGRAM_CRASH_SEED=<seed>.
 */

const seed = Number(process.env.ENGRAM_CRASH_SEED ?? Date.now() % 100_000);
const kills = 24;

/** A small deterministic generator (mulberry32). */
function random(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const toolCallIds = (e: LogEntry) =>
  e.message.role === 'assistant' && Array.isArray(e.message.content)
    ? e.message.content.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : []))
    : [];

/** Throws unless every step in the file is whole or absent; returns the steps and records found. */
async function checkSteps(
  path: string,
  where: string,
): Promise<{ steps: number; records: number; answers: number }> {
  checkIntegrity(path, where);
  const store = await openSqliteStore({ path });
  try {
    const scope = { tenant: 't' };
    if (!(await store.getSession(scope, 's'))) return { steps: 0, records: 0, answers: 0 };
    const entries = await store.readRange(scope, 's');
    const bySeq = new Map(entries.map((e) => [e.seq, e]));
    const records = await readAssemblyRecords(store, scope, 's');
    const recordAt = new Set(records.map((r) => r.lastSeq));
    const content = createContentStore({ store, scope });
    const citer = createToolResultCiter({ content, logKey: 's' });
    const byId = new Map(entries.map((e) => [e.message.id, e]));
    for (const r of records) {
      const first = bySeq.get(r.lastSeq + 1);
      expect(first?.message.role, `${where}: record ${r.id} (step ${r.step}) without its messages`).toBe(
        'assistant',
      );
      for (const item of r.items) {
        if (item.source !== 'citation' || item.messageId === undefined) continue;
        const message = byId.get(item.messageId)?.message;
        if (message?.role !== 'tool') continue;
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          const id = citer.itemId(message.id, part.toolCallId);
          expect(
            await content.items.getItemInfo(content.scope, content.space, id),
            `${where}: step ${r.step} cites ${id}, not stored`,
          ).toBeDefined();
        }
      }
    }
    const longTerm = (await store.longTermRecords.listRecords(scope, { limit: 1000 })).records;
    for (const r of longTerm)
      for (const id of r.provenance.messageIds)
        expect(byId.has(id), `${where}: long-term record ${r.id} of message ${id}, not in the log`).toBe(
          true,
        );
    const recorded = new Set(longTerm.flatMap((r) => r.provenance.messageIds));
    let steps = 0;
    let answers = 0;
    for (const e of entries) {
      if (e.message.role === 'assistant' && toolCallIds(e).length === 0) {
        expect(
          recorded.has(e.message.id),
          `${where}: answer at seq ${e.seq} without its long-term record`,
        ).toBe(true);
        answers++;
      }
      if (e.message.role !== 'assistant') continue;
      steps++;
      expect(recordAt.has(e.seq - 1), `${where}: step at seq ${e.seq} without its record`).toBe(true);
      toolCallIds(e).forEach((id, i) => {
        const result = bySeq.get(e.seq + 1 + i)?.message;
        expect(result?.role, `${where}: call ${id} at seq ${e.seq} without its result`).toBe('tool');
      });
    }
    return { steps, records: records.length, answers };
  } finally {
    await store.close();
  }
}

describe('agent: one transaction per step, crash-safe', () => {
  it(`${kills} SIGKILLs of a child running agent steps on SQLite: every step whole or absent`, async () => {
    const dir = await tempDir('agent-steps');
    const path = join(dir.path, 'steps.db');
    const next = random(seed);
    let last = { steps: 0, records: 0, answers: 0 };
    try {
      for (let k = 0; k < kills; k++) {
        const where = `seed ${seed}, kill ${k}`;
        const config: AgentStepsChildConfig = { path, sessionId: 's' };
        const run = runChildScript('./agent-steps-child.ts', config);
        const afterSteps = Math.floor(next() * 4);
        const delayMs = Math.floor(next() * 40);
        await killAt(
          run,
          async () => {
            await run.waitForLine((_, i) => i >= afterSteps);
            await new Promise((resolve) => setTimeout(resolve, delayMs));
          },
          where,
        );
        const found = await checkSteps(path, where);
        expect(found.steps, where).toBeGreaterThanOrEqual(last.steps);
        last = found;
      }
      console.info(
        `[agent-step-crash] seed ${seed}: ${last.steps} steps, ${last.records} records, ${last.answers} answers with their long-term record`,
      );
      expect(last.steps).toBeGreaterThan(kills);
    } finally {
      await dir.remove();
    }
  }, 240_000);
});
