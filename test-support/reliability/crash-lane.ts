import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { runChildScript } from './child-process.ts';
import type { CrashWriterConfig } from './crash-writer.ts';
import { stableMessageJson } from './isolation-model.ts';
import { checkIntegrity, killAt } from './sqlite-kill.ts';
import { prng, writerMessage } from './writer-messages.ts';

/** Options of {@link runCrashLane}. */
export interface CrashLaneOptions {
  /** The database file (one lane per file). */
  path: string;
  /** The store's durability setting. */
  durability: 'power' | 'process';
  /** How many writers to SIGKILL. */
  kills: number;
  /** Seeds kill timing and batch sizes. */
  seed: number;
}

/** What a lane did. */
export interface CrashLaneResult {
  /** Writers killed. */
  kills: number;
  /** Kills by moment: during startup, 5–60 ms after `ready`, right after the k-th ack. */
  byMode: Record<'startup' | 'delay' | 'acks', number>;
  /** Acknowledged messages (all found after every kill). */
  acked: number;
  /** Times a kill left a batch committed but unacknowledged (the next writer's retry was idempotent). */
  committedUnacked: number;
  /** Messages in the log at the end. */
  rows: number;
}

const sessionId = 'crash-log';
const scope = { tenant: 'crash' };

/**
 * One crash lane: starts writers on one SQLite file, SIGKILLs each at a random moment, and after every kill
 * reopens the file and checks that every acknowledged id is there exactly once, that seq i holds `w-i`
 * (gapless, in order, no duplicates, exact content) and that `PRAGMA integrity_check` is ok.
 */
export async function runCrashLane(options: CrashLaneOptions): Promise<CrashLaneResult> {
  const random = prng(options.seed);
  const acked = new Set<number>();
  const byMode = { startup: 0, delay: 0, acks: 0 };
  let retry: number[] = [];
  let next = 1;
  let committedUnacked = 0;
  let rows = 0;
  for (let kill = 1; kill <= options.kills; kill++) {
    const where = `[crash ${options.durability} seed ${options.seed} kill ${kill}]`;
    const config: CrashWriterConfig = {
      path: options.path,
      durability: options.durability,
      sessionId,
      next,
      retry,
      seed: Math.floor(random() * 2 ** 31),
    };
    const run = runChildScript('./crash-writer.ts', config);
    const r = random();
    const mode = r < 0.15 ? 'startup' : r < 0.6 ? 'delay' : 'acks';
    byMode[mode]++;
    await killAt(
      run,
      async () => {
        if (mode === 'startup') await sleep(20 + random() * 280);
        else if (mode === 'delay') {
          await run.waitForLine((l) => l === 'ready');
          await sleep(5 + random() * 55);
        } else {
          const k = 1 + Math.floor(random() * 20);
          let seen = 0;
          await run.waitForLine((l) => l.startsWith('ack ') && ++seen >= k);
        }
      },
      where,
    );

    let pending: number[] | undefined;
    for (const line of run.lines) {
      const [word, ...rest] = line.split(' ');
      const ns = rest.map(Number);
      if (word === 'pending') {
        pending = ns;
        next = Math.max(next, ...ns.map((n) => n + 1));
      } else if (word === 'ack') {
        for (const n of ns) acked.add(n);
        pending = undefined;
      }
    }
    // Died before re-sending the old pending batch: it is still pending.
    if (pending !== undefined || run.lines.some((l) => l.startsWith('ack '))) retry = pending ?? [];
    const present = await verify(options, where, acked, retry, Math.max(0, rows - 10));
    if (present > acked.size) committedUnacked++;
    rows = present;
  }
  return { kills: options.kills, byMode, acked: acked.size, committedUnacked, rows };
}

/** Reopens the file and checks the log; returns how many messages it holds. */
async function verify(
  o: CrashLaneOptions,
  where: string,
  acked: Set<number>,
  pending: number[],
  contentFrom: number,
): Promise<number> {
  checkIntegrity(o.path, where);
  const store = await openSqliteStore({ path: o.path, durability: o.durability });
  try {
    if (!(await store.getSession(scope, sessionId))) {
      if (acked.size > 0)
        throw new Error(`${where} the session is gone with ${acked.size} acknowledged messages`);
      return 0;
    }
    const entries = await store.readRange(scope, sessionId);
    const stats = await store.stats(scope, sessionId);
    if (stats.lastSeq !== entries.length || stats.count !== entries.length) {
      throw new Error(`${where} stats ${JSON.stringify(stats)} but ${entries.length} entries`);
    }
    for (const [i, e] of entries.entries()) {
      const n = i + 1;
      if (e.seq !== n || e.message.id !== `w-${n}`) {
        throw new Error(
          `${where} entry ${i} is seq ${e.seq} id ${e.message.id}; expected seq ${n} id w-${n}`,
        );
      }
      if (i < contentFrom) continue; // earlier entries were compared after an earlier kill
      const want = writerMessage(`w-${n}`, n);
      if (e.tokens !== want.tokens || stableMessageJson(e.message) !== stableMessageJson(want.message)) {
        throw new Error(`${where} w-${n} content differs`);
      }
    }
    for (const n of acked) {
      if (n > entries.length)
        throw new Error(`${where} acknowledged w-${n} is missing (log has ${entries.length})`);
    }
    const maxKnown = Math.max(0, ...acked, ...pending);
    if (entries.length > maxKnown)
      throw new Error(`${where} log has ${entries.length} entries; writers announced ${maxKnown}`);
    return entries.length;
  } finally {
    await store.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
