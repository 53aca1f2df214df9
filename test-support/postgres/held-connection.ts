import type pg from 'pg';

/** The statement a {@link heldConnection} just ran: its text and how many rows it returned. */
export interface RanStatement {
  text: string;
  rows: number;
}

/**
 * One `pg.Client` as a store's `client`, whose next statement matching `when` (given the statement before it)
 * waits, once `hold` armed it, until `release`: a transaction paused at a chosen point with the locks it holds,
 * as a slower process would be, so a test can run another transaction against it in a fixed order.
 */
export function heldConnection(client: pg.Client) {
  let when: ((text: string, previous: RanStatement | undefined) => boolean) | undefined;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let reached = () => {};
  let atHold = Promise.resolve();
  let previous: RanStatement | undefined;
  return {
    connection: {
      async query(text: string, params?: unknown[]) {
        if (when?.(text, previous)) {
          when = undefined;
          reached();
          await gate;
        }
        const result = await client.query(text, params);
        previous = { text, rows: result.rows.length };
        return result;
      },
    },
    /** Arms the hold: the next statement `when` picks waits until {@link release}. */
    hold(match: (text: string, previous: RanStatement | undefined) => boolean) {
      when = match;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      atHold = new Promise((resolve) => {
        reached = resolve;
      });
    },
    /** Resolves once the held statement is waiting. */
    held: () => atHold,
    /** Lets the held statement run. */
    release: () => open(),
  };
}

/**
 * Waits until a backend of `application_name` waits on a lock, as `pg_stat_activity` shows it, or `stop()` holds
 * (what the test waits for instead finished); throws after 10 s of neither.
 */
export async function untilWaitingOnLock(
  watcher: pg.Client,
  application: string,
  stop: () => boolean = () => false,
): Promise<void> {
  for (let waited = 0; waited <= 10_000; waited += 10) {
    if (stop()) return;
    const { rows } = await watcher.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [application],
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no backend of ${application} waited on a lock`);
}
