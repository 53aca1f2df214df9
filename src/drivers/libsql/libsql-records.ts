import {
  type Artifact,
  checkArtifact,
  checkId,
  checkJsonValue,
  checkPutArtifactOptions,
  checkSessionId,
  checkStateKey,
  type PutArtifactOptions,
  type Scope,
  sessionNotFound,
  stateKeySession,
} from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { ownedBy } from './libsql-scope.ts';
import { loadSession, sessionRow } from './libsql-sessions.ts';

const component = 'libsql';

/** A JSON value as stored (any value; the kit's checks ran before). */
type Json = Artifact['data'];

/** Writes (or replaces, by id) an artifact of the session owned by exactly `scope` (at `options.createdAt`, else now). */
export function putArtifact(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  artifact: Omit<Artifact, 'createdAt'>,
  options?: PutArtifactOptions,
): Promise<Artifact> {
  checkSessionId(sessionId, component);
  return db.write(async (tx) => {
    const { rid } = await loadSession(tx, scope, sessionId);
    checkArtifact(artifact, component);
    const now = checkPutArtifactOptions(options, component).getTime();
    const data = JSON.stringify(artifact.data);
    await tx.run(
      `INSERT INTO engram_artifacts (session, id, kind, from_seq, to_seq, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (session, id) DO UPDATE SET kind = excluded.kind, from_seq = excluded.from_seq, to_seq = excluded.to_seq, data = excluded.data, created_at = excluded.created_at`,
      [rid, artifact.id, artifact.kind, artifact.fromSeq, artifact.toSeq, data, now],
    );
    const { id, kind, fromSeq, toSeq } = artifact;
    return { id, kind, fromSeq, toSeq, data: JSON.parse(data) as Json, createdAt: new Date(now) };
  });
}

/**
 * A session's artifacts, optionally of one kind and written at or after `since`, ordered by `toSeq` (without their
 * data, `null`, when `withData` is false).
 */
export async function listArtifacts(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  kind?: string,
  since?: Date,
  withData = true,
): Promise<Artifact[]> {
  checkSessionId(sessionId, component);
  if (kind !== undefined) checkId(kind, 'kind', component);
  const { rid } = await loadSession(db, scope, sessionId);
  // With a kind, `to_seq + 0` keeps the planner on the kind index (the to_seq index would read every artifact).
  // Without data, the rows' first pages only: listing many large artifacts to count or trim them.
  const rows = await db.all(
    `SELECT ${withData ? '*' : 'id, kind, from_seq, to_seq, created_at, NULL AS data'} FROM engram_artifacts WHERE session = ?${kind === undefined ? '' : ' AND kind = ?'}${since === undefined ? '' : ' AND created_at >= ?'} ORDER BY ${kind === undefined ? 'to_seq' : 'to_seq + 0'}, created_at, id`,
    [rid, ...(kind === undefined ? [] : [kind]), ...(since === undefined ? [] : [since.getTime()])],
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: String(row.kind),
    fromSeq: Number(row.from_seq),
    toSeq: Number(row.to_seq),
    data: row.data === null ? null : (JSON.parse(String(row.data)) as Json),
    createdAt: new Date(Number(row.created_at)),
  }));
}

/** Deletes an artifact; whether it existed. */
export function deleteArtifact(
  db: LibsqlExecutor,
  scope: Scope,
  sessionId: string,
  artifactId: string,
): Promise<boolean> {
  checkSessionId(sessionId, component);
  return db.write(async (tx) => {
    const { rid } = await loadSession(tx, scope, sessionId);
    checkId(artifactId, 'artifact id', component);
    return (await tx.run('DELETE FROM engram_artifacts WHERE session = ? AND id = ?', [rid, artifactId])) > 0;
  });
}

/**
 * The session row a state key belongs to: for `session:<id>:<name>` the session `<id>` owned by exactly `scope`
 * (undefined when there is none), for any other key null (a plain key needs no session).
 */
async function keySession(db: LibsqlExecutor, scope: Scope, key: string): Promise<number | null | undefined> {
  const id = stateKeySession(key);
  if (id === undefined) return null;
  const row = await sessionRow(db, scope, id);
  return row ? Number(row.rid) : undefined;
}

/** Writes a state value owned by exactly `scope`; a session key needs the scope's own session (it goes with it). */
export function putState(db: LibsqlExecutor, scope: Scope, key: string, state: Json): Promise<void> {
  checkStateKey(key, component);
  checkJsonValue(state, 'state', component);
  const value = JSON.stringify(state);
  return db.write(async (tx) => {
    const session = await keySession(tx, scope, key);
    if (session === undefined) throw sessionNotFound(stateKeySession(key) ?? key, component);
    await tx.run(
      `INSERT INTO engram_state (tenant, user_id, agent_id, key, session, value, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (tenant, user_id, agent_id, key) DO UPDATE SET session = excluded.session, value = excluded.value, updated_at = excluded.updated_at`,
      [...ownedBy(scope, 'st').args, key, session, value, Date.now()],
    );
  });
}

/** The state value owned by exactly `scope` under `key`, or undefined. */
export async function getState(db: LibsqlExecutor, scope: Scope, key: string): Promise<Json | undefined> {
  checkStateKey(key, component);
  const owner = ownedBy(scope, 'st');
  const row = await db.get(`SELECT value FROM engram_state st WHERE ${owner.sql} AND st.key = ?`, [
    ...owner.args,
    key,
  ]);
  return row ? (JSON.parse(String(row.value)) as Json) : undefined;
}

/** Deletes the state value owned by exactly `scope` under `key` (nothing when there is none). */
export async function deleteState(db: LibsqlExecutor, scope: Scope, key: string): Promise<void> {
  checkStateKey(key, component);
  const owner = ownedBy(scope, 'st');
  await db.run(`DELETE FROM engram_state AS st WHERE ${owner.sql} AND st.key = ?`, [...owner.args, key]);
}
