import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import { checkArtifact } from '../../store/check-values.ts';
import type { Artifact } from '../../store/memory-store.ts';
import { checkStateKey, stateKeySession } from '../../store/state-scope.ts';
import { sessionNotFound } from '../../store/store-helpers.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { raw, sql } from './sql-fragment.ts';
import { parseJson, toArtifact } from './sql-rows.ts';
import { ownerWhere } from './sql-view.ts';

/** JSON text of a value; `InvalidValueError` naming the path when it would not read back identical. */
export function jsonText(value: unknown, what: string, component: string): string {
  checkJsonValue(value, what, component);
  return JSON.stringify(value);
}

/** Writes or replaces an artifact (the session is already checked) at `createdAt` (checked already), else now. */
export async function upsertArtifact(
  client: SqlClient,
  component: string,
  tenant: string,
  logId: string,
  artifact: Omit<Artifact, 'createdAt'>,
  createdAt?: Date,
): Promise<Artifact> {
  checkArtifact(artifact, component);
  const data = JSON.stringify(artifact.data);
  const now = createdAt?.getTime() ?? Date.now();
  await queryRun(
    client,
    sql`INSERT INTO engram_artifacts (tenant, session_id, id, kind, from_seq, to_seq, data, created_at) VALUES (${tenant}, ${logId}, ${artifact.id}, ${artifact.kind}, ${artifact.fromSeq}, ${artifact.toSeq}, ${data}, ${now})
ON CONFLICT (tenant, session_id, id) DO UPDATE SET kind = excluded.kind, from_seq = excluded.from_seq, to_seq = excluded.to_seq, data = excluded.data, created_at = excluded.created_at`,
  );
  return {
    id: artifact.id,
    kind: artifact.kind,
    fromSeq: artifact.fromSeq,
    toSeq: artifact.toSeq,
    data: parseJson(data),
    createdAt: new Date(now),
  };
}

/**
 * A session's artifacts (of `kind`, written at or after `since`), ordered by `toSeq`; without their data (`null`)
 * when `withData` is false, so listing many large ones to count or trim them reads only their first page.
 */
export async function listArtifactRows(
  client: SqlClient,
  tenant: string,
  logId: string,
  kind?: string,
  since?: Date,
  withData = true,
): Promise<Artifact[]> {
  // With a kind, `to_seq + 0` keeps SQLite's planner off the (tenant, session_id, to_seq) index, which serves the
  // order but reads every artifact of the session: the kind index reads only the kind's (measured: 1 ms → µs per
  // listing of a LangGraph checkpoint's writes in a 3,600-artifact thread).
  const order = kind !== undefined ? raw('to_seq + 0') : raw('to_seq');
  const columns = withData ? raw('*') : raw('id, kind, from_seq, to_seq, created_at, NULL AS data');
  const rows = await queryAll(
    client,
    sql`SELECT ${columns} FROM engram_artifacts WHERE tenant = ${tenant} AND session_id = ${logId}${kind !== undefined ? sql` AND kind = ${kind}` : raw('')}${since !== undefined ? sql` AND created_at >= ${since.getTime()}` : raw('')} ORDER BY ${order}, created_at, id`,
  );
  return rows.map(toArtifact);
}

/** Deletes an artifact; whether it existed. */
export async function deleteArtifactRow(
  client: SqlClient,
  tenant: string,
  logId: string,
  id: string,
): Promise<boolean> {
  const r = await queryRun(
    client,
    sql`DELETE FROM engram_artifacts WHERE tenant = ${tenant} AND session_id = ${logId} AND id = ${id}`,
  );
  return r.changes > 0;
}

/** Whether a `session:<id>:<name>` key names a session owned by exactly the scope (other keys need none). */
async function sessionOwned(client: SqlClient, scope: Scope, key: string, lock = false): Promise<boolean> {
  const id = stateKeySession(key);
  if (id === undefined) return true;
  // Locking the session row keeps a concurrent deleteSession from leaving this write behind.
  const row = await queryGet(
    client,
    sql`SELECT 1 AS found FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${id}${raw(lock ? client.dialect.forUpdate : '')}`,
  );
  return row !== undefined;
}

/** The row of the value owned by exactly `scope` under `key`. */
const stateRow = (scope: Scope, key: string) => sql`${ownerWhere(scope)} AND key = ${key}`;

/**
 * Writes a component's state blob, owned by exactly `scope`; a `session:<id>:<name>` key needs the scope's
 * own session `<id>` (else `SESSION_NOT_FOUND`).
 */
export async function putStateRow(
  client: SqlClient,
  component: string,
  scope: Scope,
  key: string,
  state: JSONValue,
): Promise<void> {
  checkStateKey(key, component);
  const value = jsonText(state, 'state', component);
  await client.transaction(async (tx) => {
    if (!(await sessionOwned(tx, scope, key, true))) throw sessionNotFound(stateKeySession(key)!, component);
    await queryRun(
      tx,
      sql`INSERT INTO engram_component_state (tenant, user_id, agent_id, key, value, updated_at) VALUES (${scope.tenant}, ${scope.user ?? ''}, ${scope.agent ?? ''}, ${key}, ${value}, ${Date.now()})
ON CONFLICT (tenant, user_id, agent_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
  });
}

/** Reads the state blob owned by exactly `scope`; undefined when a `session:<id>:<name>` key names no session of the scope. */
export async function getStateRow(
  client: SqlClient,
  component: string,
  scope: Scope,
  key: string,
): Promise<JSONValue | undefined> {
  checkStateKey(key, component);
  if (!(await sessionOwned(client, scope, key))) return undefined;
  const row = await queryGet(
    client,
    sql`SELECT value FROM engram_component_state WHERE ${stateRow(scope, key)}`,
  );
  return row ? parseJson(row.value) : undefined;
}

/** Deletes the state blob owned by exactly `scope` (nothing when a `session:<id>:<name>` key names no session of the scope). */
export async function deleteStateRow(
  client: SqlClient,
  component: string,
  scope: Scope,
  key: string,
): Promise<void> {
  checkStateKey(key, component);
  await client.transaction(async (tx) => {
    if (!(await sessionOwned(tx, scope, key, true))) return;
    await queryRun(tx, sql`DELETE FROM engram_component_state WHERE ${stateRow(scope, key)}`);
  });
}
