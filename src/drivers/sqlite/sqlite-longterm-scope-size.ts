import type { Scope } from '../../core/scope.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryGet } from '../sql/sql-exec.ts';
import { joinSql, type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import { createReadMemo, type ReadPass } from './sqlite-read-memo.ts';

/** What a search needs to know of its scope's size before it ranks. */
export interface ScopeSize {
  /** The scope's live records, counted up to the small-scope bound + 1. */
  docs: number;
  /**
   * The scope holds every live record of the table (no live record of another tenant, nor, for a user's scope, of
   * another user of the tenant, nor, for a user's agent, of another agent of the user): its index tokens select
   * nothing. A single-user application's scope is the whole table.
   */
  whole: boolean;
}

/**
 * The size of a search's scope ({@link ScopeSize}) for the small-scope bound `small`, in one statement: its live
 * records counted up to `small + 1` on the live-records index (no row read) and probes of that index for a live
 * record outside the scope (of another tenant, then of another user of the tenant and of another agent of the
 * user, as far as the scope names them; a scope that names an agent but no user is never whole: its others are
 * not a range of that index). A handle counts a scope again only after a write (its own or another handle's
 * commit: `createReadMemo`; within a `pass`, by its state); until then it answers what it counted.
 */
export function scopeSize(
  client: SqlClient,
  scope: Scope,
  small: number,
  pass?: ReadPass,
): Promise<ScopeSize> {
  const key = JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null, small]);
  return sizes.recall(client, key, () => countScope(client, scope, small), undefined, pass);
}

/** Per handle, the sizes it counted while nothing was written (at most 256 scopes). */
const sizes = createReadMemo<ScopeSize>(256);

/** {@link scopeSize} counted now, without the handle's memory of earlier counts. */
export async function countScope(client: SqlClient, scope: Scope, small: number): Promise<ScopeSize> {
  const others = scope.user === undefined && scope.agent !== undefined ? sql`1` : outsideScope(scope);
  const row = await queryGet(
    client,
    sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.live = 1 LIMIT ${small + 1})) AS docs, ${others} AS others`,
  );
  return { docs: Number(row?.docs ?? 0), whole: Number(row?.others ?? 1) === 0 };
}

/**
 * Whether a live record lies outside a scope that names a tenant, its user or not, and that user's agent or not:
 * two probes of the live-records index (`tenant, user_id, agent_id`) for each named level, below and above the
 * scope's value within the levels above it.
 */
function outsideScope(scope: Scope): SqlFragment {
  const probe = (where: SqlFragment) =>
    sql`EXISTS (SELECT 1 FROM engram_ltm_records WHERE live = 1 AND ${where})`;
  const probes = [probe(sql`tenant < ${scope.tenant}`), probe(sql`tenant > ${scope.tenant}`)];
  if (scope.user !== undefined) {
    probes.push(probe(sql`tenant = ${scope.tenant} AND user_id < ${scope.user}`));
    probes.push(probe(sql`tenant = ${scope.tenant} AND user_id > ${scope.user}`));
    if (scope.agent !== undefined) {
      const user = sql`tenant = ${scope.tenant} AND user_id = ${scope.user}`;
      probes.push(probe(sql`${user} AND agent_id < ${scope.agent}`));
      probes.push(probe(sql`${user} AND agent_id > ${scope.agent}`));
    }
  }
  return joinSql(probes, ' OR ');
}
