/**
 * The durability of every connection of a Mastra `LibSQLStore`'s pool. libSQL's client opens connections
 * lazily (up to its `concurrency`), and a pragma executed through the client reaches only the connection it
 * borrowed: Mastra sets `synchronous=NORMAL` once, so under concurrent sessions its extra connections ran at
 * SQLite's default, `FULL`. The suite sets the level Mastra claims on every connection before the clock and
 * reads it back from each one afterwards.
 */

/** The slice of a libSQL client used here. */
interface PoolClient {
  execute(sql: string): Promise<unknown>;
  transaction(mode: 'deferred'): Promise<{
    execute(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
    close(): void;
  }>;
}

/** SQLite's names of the `synchronous` levels. */
const levelNames = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/**
 * Each connection's `synchronous` level: borrows every connection the pool can hold at once (each in a
 * deferred transaction that reads nothing, so no lock is taken) and reads it. The pool grows to its limit
 * doing so; every connection goes back to it idle.
 */
export async function poolSynchronous(storage: unknown): Promise<string[]> {
  const client = clientOf(storage);
  const held: Awaited<ReturnType<PoolClient['transaction']>>[] = [];
  const levels: string[] = [];
  try {
    for (let i = 0; i < 256; i++) {
      let tx: Awaited<ReturnType<PoolClient['transaction']>>;
      try {
        tx = await client.transaction('deferred');
      } catch {
        break; // every connection is held: that is the whole pool
      }
      held.push(tx);
      const level = Number((await tx.execute('PRAGMA synchronous')).rows[0]?.synchronous);
      levels.push(levelNames[level] ?? String(level));
    }
  } finally {
    for (const tx of held) tx.close();
  }
  return levels;
}

/**
 * Sets `PRAGMA synchronous = level` on every connection of the pool (grown to its limit first; the level may
 * not change inside a transaction, so the pragma goes through plain `execute` calls made in one tick, each of
 * which borrows a different idle connection), and returns each connection's level read back.
 */
export async function setPoolSynchronous(storage: unknown, level: 'NORMAL' | 'FULL'): Promise<string[]> {
  const client = clientOf(storage);
  const size = (await poolSynchronous(storage)).length;
  await Promise.all(Array.from({ length: size }, () => client.execute(`PRAGMA synchronous = ${level}`)));
  return poolSynchronous(storage);
}

function clientOf(storage: unknown): PoolClient {
  const client = (storage as { client?: PoolClient }).client;
  if (!client) throw new Error('Mastra storage without a libSQL client');
  return client;
}

/** `NORMAL ×20` for a list of levels (each distinct level with its count). */
export function describeLevels(levels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const l of levels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([l, n]) => `${l} ×${n}`).join(', ');
}
