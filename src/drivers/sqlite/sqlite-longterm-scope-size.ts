import type { Scope } from '../../core/scope.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryGet } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import { createReadMemo } from './sqlite-read-memo.ts';

/** What a search needs to know of its scope's size before it ranks. */
export interface ScopeSize {
  /** The scope's live records, counted up to the small-scope bound + 1. */
  docs: number;
  /**
   * The scope holds every live record of the table (a tenant-wide scope and no live record of another tenant):
   * its index tokens select nothing.
   */
  whole: boolean;
}

/**
 * The size of a search's scope ({@link ScopeSize}) for the small-scope bound `small`, in one statement: its live
 * records counted up to `small + 1` on the live-records index (no row read) and, for a tenant-wide scope, two
 * probes of that index for a live record of another tenant. A handle counts a scope again only after a write (its
 * own or another handle's commit: `createReadMemo`); until then it answers what it counted.
 */
export function scopeSize(client: SqlClient, scope: Scope, small: number): Promise<ScopeSize> {
  const key = JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null, small]);
  return sizes.recall(client, key, () => countScope(client, scope, small));
}

/** Per handle, the sizes it counted while nothing was written (at most 256 scopes). */
const sizes = createReadMemo<ScopeSize>(256);

/** {@link scopeSize} counted now, without the handle's memory of earlier counts. */
export async function countScope(client: SqlClient, scope: Scope, small: number): Promise<ScopeSize> {
  const tenantWide = scope.user === undefined && scope.agent === undefined;
  const others = tenantWide
    ? sql`EXISTS (SELECT 1 FROM engram_ltm_records WHERE live = 1 AND tenant < ${scope.tenant}) OR EXISTS (SELECT 1 FROM engram_ltm_records WHERE live = 1 AND tenant > ${scope.tenant})`
    : sql`1`;
  const row = await queryGet(
    client,
    sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.live = 1 LIMIT ${small + 1})) AS docs, ${others} AS others`,
  );
  return { docs: Number(row?.docs ?? 0), whole: Number(row?.others ?? 1) === 0 };
}
