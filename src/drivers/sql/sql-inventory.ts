import type { Scope } from '../../core/scope.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import { queryAll } from './sql-exec.ts';
import { sql } from './sql-fragment.ts';

/** What one owner (tenant, user, agent) holds in a database. */
export interface OwnerInventory {
  /** The owner: `user` / `agent` absent when the data has none. */
  scope: Scope;
  /** Its sessions: how many, and the ids of the newest few (newest first, as `listSessions` orders them). */
  sessions: { count: number; newest: string[] };
  /** Its content items, by space (spaces by name). */
  content: { space: string; items: number; bytes: number }[];
  /** Its current long-term records (deleted ones not counted). */
  records: number;
}

/**
 * What a SQL store holds across every tenant, for operators (the `engram ls` command, not-found hints): owners,
 * their sessions, content spaces and long-term records. It reads no message and no item; it is not scoped.
 */
export interface SqlInventory {
  /** Every owner with a session, a content item or a current long-term record, by tenant, user, agent. */
  owners(options?: { newestSessions?: number }): Promise<OwnerInventory[]>;
  /** The owners that have a session of this id. */
  sessionOwners(id: string): Promise<Scope[]>;
  /** The owners that have a current long-term record of this id. */
  recordOwners(id: string): Promise<Scope[]>;
}

/** The scope of a row's `tenant`, `user_id`, `agent_id` columns (`''` is "none"). */
function ownerOf(row: SqlRow): Scope {
  const user = String(row.user_id);
  const agent = String(row.agent_id);
  return { tenant: String(row.tenant), ...(user && { user }), ...(agent && { agent }) };
}

const keyOf = (row: SqlRow) => JSON.stringify([row.tenant, row.user_id, row.agent_id]);

/**
 * The inventory read of a SQL store over `client`; `guard` wraps each call (the store's closed check,
 * initialization and error wrapping).
 */
export function createSqlInventory(
  client: SqlClient,
  guard: <T>(what: string, fn: () => Promise<T>) => Promise<T>,
): SqlInventory {
  return {
    owners: (options = {}) =>
      guard('inventory', async () => {
        const newest = options.newestSessions ?? 5;
        const [sessions, ids, content, records] = await Promise.all([
          queryAll(
            client,
            sql`SELECT tenant, user_id, agent_id, count(*) AS n FROM engram_sessions GROUP BY tenant, user_id, agent_id`,
          ),
          queryAll(
            client,
            sql`SELECT tenant, user_id, agent_id, id FROM (SELECT tenant, user_id, agent_id, id, created_at, row_number() OVER (PARTITION BY tenant, user_id, agent_id ORDER BY created_at DESC, id DESC) AS r FROM engram_sessions) ranked WHERE r <= ${newest} ORDER BY created_at DESC, id DESC`,
          ),
          queryAll(
            client,
            sql`SELECT tenant, user_id, agent_id, space, count(*) AS n, sum(size) AS bytes FROM engram_content_items GROUP BY tenant, user_id, agent_id, space ORDER BY space`,
          ),
          queryAll(
            client,
            sql`SELECT tenant, user_id, agent_id, count(*) AS n FROM engram_ltm_records WHERE live = 1 GROUP BY tenant, user_id, agent_id`,
          ),
        ]);
        const owners = new Map<string, OwnerInventory>();
        const owner = (row: SqlRow) => {
          const key = keyOf(row);
          let found = owners.get(key);
          if (!found) {
            found = { scope: ownerOf(row), sessions: { count: 0, newest: [] }, content: [], records: 0 };
            owners.set(key, found);
          }
          return found;
        };
        for (const row of sessions) owner(row).sessions.count = Number(row.n);
        for (const row of ids) owner(row).sessions.newest.push(String(row.id));
        for (const row of content)
          owner(row).content.push({
            space: String(row.space),
            items: Number(row.n),
            bytes: Number(row.bytes),
          });
        for (const row of records) owner(row).records = Number(row.n);
        return [...owners.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
      }),
    sessionOwners: (id) =>
      guard('sessionOwners', async () =>
        (
          await queryAll(
            client,
            sql`SELECT tenant, user_id, agent_id FROM engram_sessions WHERE id = ${id} ORDER BY tenant, user_id, agent_id`,
          )
        ).map(ownerOf),
      ),
    recordOwners: (id) =>
      guard('recordOwners', async () =>
        (
          await queryAll(
            client,
            sql`SELECT DISTINCT tenant, user_id, agent_id FROM engram_ltm_records WHERE id = ${id} AND live = 1 ORDER BY tenant, user_id, agent_id`,
          )
        ).map(ownerOf),
      ),
  };
}
