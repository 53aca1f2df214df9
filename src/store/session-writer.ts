import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JSONValue } from 'ai';

export { importOwnerKey } from './reserved-session-keys.ts';

/**
 * The run writing a session it marks unfinished (`engram import` / `ingest`, `sessions.copy`: see
 * reserved-session-keys.ts), how it says it is still there, and how another run tells it is gone.
 */

/**
 * A run on another host that has not written to its session for this long is taken for gone (a crash there). Its
 * writes are stamped by its clock and read by ours, so this is long enough for clocks minutes apart; a run on this
 * host is judged by whether its process runs.
 */
export const staleAfterMs = 10 * 60_000;

/** How often a run writing a session says it is still there. */
export const heartbeatMs = 5_000;

/** The run writing a session. */
export interface ImportOwner {
  /** The host it runs on. */
  host: string;
  /** Its process id there. */
  pid: number;
  /** A random id of the run. */
  run: string;
  /** When it last wrote to the session (ms since the epoch). */
  at: number;
  /** What the run does: a copy (`sessions.copy`); absent for an import or ingest (and every marker before copies). */
  what?: 'copy';
}

/** This process's run, as of now; `what` says it copies a session (see {@link ImportOwner.what}). */
export function currentOwner(what?: 'copy'): ImportOwner {
  return { host: hostname(), pid: process.pid, run: randomUUID(), at: Date.now(), ...(what ? { what } : {}) };
}

/** Whether the run that marked a session's metadata (its `importOwnerKey` entry) copies it, or imports it. */
export const writerKind = (value: JSONValue | undefined): 'copy' | 'import' =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (value as Record<string, JSONValue>).what === 'copy'
    ? 'copy'
    : 'import';

/** A run in words: `process 4242 on build-7, its last write 3 s ago`. */
export const ownerWords = (owner: ImportOwner, now = Date.now()): string =>
  `process ${owner.pid} on ${owner.host}, its last write ${Math.round((now - owner.at) / 1000)} s ago`;

/** The owner's entry in a session's metadata. */
export const ownerEntry = (owner: ImportOwner): JSONValue => ({ ...owner });

/**
 * The run that may still be writing a session marked incomplete (undefined when it is gone: on this host, its
 * process is not running; on another, it wrote nothing for {@link staleAfterMs} by this host's clock; or the
 * marker names no run, as before runs were named).
 */
export function liveOwner(value: JSONValue | undefined, now = Date.now()): ImportOwner | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { host, pid, run, at } = value as Record<string, JSONValue>;
  if (
    typeof host !== 'string' ||
    typeof pid !== 'number' ||
    typeof run !== 'string' ||
    typeof at !== 'number'
  )
    return undefined;
  if (host === hostname() ? !isRunning(pid) : now - at > staleAfterMs) return undefined;
  return { host, pid, run, at, ...(writerKind(value) === 'copy' ? { what: 'copy' as const } : {}) };
}

/**
 * Says a run is still there: every {@link heartbeatMs} while it writes a session, `beat` rewrites the session's
 * marker, whatever the writes between take. `stop` ends it and waits for a beat under way (so none comes after
 * the run's last write).
 */
export function startHeartbeat(beat: () => Promise<void>): { stop(): Promise<void> } {
  // One beat at a time, and none queued: a tick while a beat is under way (a slow store) is skipped.
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  }, heartbeatMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
