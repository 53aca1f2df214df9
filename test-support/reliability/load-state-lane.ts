import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { serializeMessage } from '../../src/messages/serialize.ts';
import { createPrng as prng } from '../../src/testing/prng.ts';
import { type ChildRun, runChildScript } from './child-process.ts';
import type { LoadStateChildConfig } from './load-state-child.ts';
import { loadStateScope, loadStateSession, swapStates } from './load-state-states.ts';
import { checkIntegrity, killAt } from './sqlite-kill.ts';

/** What a loadState crash lane did. */
export interface LoadStateLaneResult {
  /** Children SIGKILLed. */
  kills: number;
  /** Loads that completed (a `loaded` line) across all children. */
  loads: number;
  /** Kills that hit a load in flight (a `loading` line without its `loaded`). */
  midLoad: number;
  /** Of those, how often the log afterwards held the new state (the load had committed). */
  committed: number;
}

const states = swapStates();
/** Each state's messages as the store serializes them, for exact comparison. */
const expected = states.map((s) => s.messages.map((m) => JSON.stringify(m)));

/**
 * SIGKILLs `kills` children that keep swapping the log between saved states (see `load-state-child.ts`), at
 * random moments: 0–40 ms after `ready`, right after the k-th `loading` line, or right after the k-th `loaded`.
 * After every kill it checks the file (see {@link verifyLoadState}) with the states in flight as the allowed
 * outcomes.
 */
export async function runLoadStateLane(o: { path: string; kills: number; seed: number }) {
  const random = prng(o.seed);
  const result: LoadStateLaneResult = { kills: 0, loads: 0, midLoad: 0, committed: 0 };
  for (let kill = 1; kill <= o.kills; kill++) {
    const where = `[loadState crash seed ${o.seed} kill ${kill}]`;
    const config: LoadStateChildConfig = { path: o.path, seed: Math.floor(random() * 2 ** 31) };
    const run = runChildScript('./load-state-child.ts', config);
    const r = random();
    const k = 1 + Math.floor(random() * 4);
    await killAt(
      run,
      async () => {
        await run.waitForLine((l) => l.startsWith('ready '));
        if (r < 0.3) await sleep(random() * 40);
        else {
          const word = r < 0.65 ? 'loading ' : 'loaded ';
          let seen = 0;
          await run.waitForLine((l) => l.startsWith(word) && ++seen >= k);
        }
      },
      where,
    );
    const outcome = outcomes(run);
    const found = await verifyLoadState(o.path, where, outcome.allowed);
    result.kills++;
    result.loads += run.lines.filter((l) => l.startsWith('loaded ')).length;
    if (outcome.inFlight !== undefined) {
      result.midLoad++;
      if (found === outcome.inFlight) result.committed++;
    }
  }
  return result;
}

/**
 * Runs one child that loads the next state and SIGKILLs itself right after the n-th log write call of that
 * load (a deterministic kill between the halves of a two-step load), then checks the file.
 */
export async function killAfterWrites(path: string, writes: number): Promise<'killed' | 'finished'> {
  const config: LoadStateChildConfig = { path, seed: 1, killAfterWrites: writes };
  const run = runChildScript('./load-state-child.ts', config);
  const exit = await run.exited;
  const where = `[loadState killed after write ${writes}]`;
  if (exit.signal !== 'SIGKILL' && exit.code !== 0)
    throw new Error(`${where} exited ${exit.code}: ${run.stderr()}`);
  await verifyLoadState(path, where, outcomes(run).allowed);
  return exit.signal === 'SIGKILL' ? 'killed' : 'finished';
}

/** The states a killed child may have left: the last one it had (ready or loaded) and the one in flight. */
function outcomes(run: ChildRun): { allowed: Set<number>; inFlight: number | undefined } {
  let current: number | undefined;
  let inFlight: number | undefined;
  for (const line of run.lines) {
    const [word, n] = line.split(' ');
    if (word === 'ready' || word === 'loaded') {
      current = Number(n);
      inFlight = undefined;
    } else if (word === 'loading') inFlight = Number(n);
  }
  const allowed = new Set<number>();
  // Killed before `ready`: the log is whatever the previous child left (any state, checked exactly).
  if (current === undefined) for (let i = 0; i < states.length; i++) allowed.add(i);
  else allowed.add(current);
  if (inFlight !== undefined) allowed.add(inFlight);
  return { allowed, inFlight };
}

/**
 * Reopens the file: `PRAGMA integrity_check` must be ok and the session's live log must be exactly one of the
 * `allowed` states (same ids, same messages, in order; never empty, never a mix). Returns which one, or -1 when
 * the session does not exist yet (killed before the first load).
 */
export async function verifyLoadState(path: string, where: string, allowed: Set<number>): Promise<number> {
  checkIntegrity(path, where);
  const store = await openSqliteStore({ path });
  try {
    if (!(await store.getSession(loadStateScope, loadStateSession))) return -1;
    const entries = await store.readRange(loadStateScope, loadStateSession);
    const stats = await store.stats(loadStateScope, loadStateSession);
    if (stats.count !== entries.length)
      throw new Error(`${where} stats count ${stats.count} but ${entries.length} entries`);
    if (entries.length === 0 && stats.lastSeq > 0) throw new Error(`${where} the log is empty`);
    const got = entries.map((e) => serializeMessage(e.message));
    const match = expected.findIndex(
      (want) => want.length === got.length && want.every((m, i) => m === got[i]),
    );
    if (match === -1 || !allowed.has(match)) {
      const ids = entries.map((e) => e.message.id).join(' ');
      throw new Error(`${where} the log is neither state ${[...allowed].join(' nor ')}: [${ids}]`);
    }
    return match;
  } finally {
    await store.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
