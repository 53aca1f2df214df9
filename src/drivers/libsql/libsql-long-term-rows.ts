import type { LongTermFilter, LongTermProvenance, LongTermRecord, Scope } from '../../driver.ts';
import type { LibsqlRow, LibsqlValue } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { chunks, ownedBy, ownerTokens, placeholders, type SqlPart } from './libsql-scope.ts';

/** The columns a record version is read from (the records table aliased `r`). */
export const recordColumns =
  'r.rid, r.first_rid, r.id, r.version, r.event, r.kind, r.text, r.context, r.session_id, r.episode, r.metadata, r.provenance, r.hash, r.valid_at, r.invalid_at, r.created_at, r.recorded_at, r.expired_at, r.terms, r.context_terms';

const date = (v: unknown) => (v === null || v === undefined ? undefined : new Date(Number(v)));
const text = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

/** A record version from its row. */
export function toRecord(row: LibsqlRow): LongTermRecord {
  const r: LongTermRecord = {
    id: String(row.id),
    version: Number(row.version),
    event: row.event === 'DELETE' ? 'DELETE' : row.event === 'UPDATE' ? 'UPDATE' : 'ADD',
    kind: String(row.kind),
    text: String(row.text),
    metadata: JSON.parse(String(row.metadata)) as LongTermRecord['metadata'],
    provenance: JSON.parse(String(row.provenance)) as LongTermProvenance,
    hash: String(row.hash),
    createdAt: new Date(Number(row.created_at)),
    recordedAt: new Date(Number(row.recorded_at)),
  };
  const optional = {
    context: text(row.context),
    session: text(row.session_id),
    episode: text(row.episode),
    validAt: date(row.valid_at),
    invalidAt: date(row.invalid_at),
    expiredAt: date(row.expired_at),
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) Object.assign(r, { [key]: value });
  return r;
}

/** The analysed terms kept with a row. */
export const rowTerms = (row: LibsqlRow, column: 'terms' | 'context_terms'): string[] =>
  String(row[column]) === '' ? [] : String(row[column]).split(' ');

/** A version to insert: the record, its analysed terms, and its first version's row id (none for version 1). */
export interface NewVersion {
  /** The version. */
  record: LongTermRecord;
  /** Analysed terms of its text. */
  terms: readonly string[];
  /** Analysed terms of its context. */
  contextTerms: readonly string[];
  /** Version 1's row id, or undefined when this is version 1. */
  firstRid: number | undefined;
}

/**
 * Inserts versions in order and returns their row ids; a version 1 row gets its own row id as `first_rid`, and a
 * live version (not a DELETE) goes into the full-text index with the owner's tokens.
 */
export async function insertVersions(
  tx: LibsqlExecutor,
  owner: Scope,
  versions: readonly NewVersion[],
): Promise<number[]> {
  const out: number[] = [];
  const tokens = ownerTokens(owner).join(' ');
  for (const { record: r, terms, contextTerms, firstRid } of versions) {
    const live = r.event === 'DELETE' ? 0 : 1;
    const args: LibsqlValue[] = [
      firstRid ?? 0,
      ...ownedBy(owner, 'r').args,
      r.id,
      r.version,
      r.event,
      live,
      r.kind,
      r.text,
      r.context ?? null,
      r.session ?? null,
      r.episode ?? null,
      JSON.stringify(r.metadata),
      JSON.stringify(r.provenance),
      r.provenance.origin,
      r.provenance.toolDerived ? 1 : 0,
      r.hash,
      r.validAt?.getTime() ?? null,
      r.invalidAt?.getTime() ?? null,
      r.createdAt.getTime(),
      r.recordedAt.getTime(),
      terms.join(' '),
      contextTerms.join(' '),
    ];
    const { rid } = await tx.one(
      `INSERT INTO engram_ltm_records (first_rid, tenant, user_id, agent_id, id, version, event, live, kind, text, context, session_id, episode, metadata, provenance, origin, tool_derived, hash, valid_at, invalid_at, created_at, recorded_at, terms, context_terms)
VALUES (${placeholders(args)}) RETURNING rid`,
      args,
    );
    if (firstRid === undefined)
      await tx.run('UPDATE engram_ltm_records SET first_rid = rid WHERE rid = ?', [Number(rid)]);
    if (live)
      await tx.run('INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES (?, ?, ?, ?)', [
        Number(rid),
        tokens,
        terms.join(' '),
        contextTerms.join(' '),
      ]);
    out.push(Number(rid));
  }
  return out;
}

/** Expires current rows (`rids`) at `at`, taking the live ones out of the full-text index. */
export async function expireVersions(tx: LibsqlExecutor, rids: readonly number[], at: Date): Promise<void> {
  for (const part of chunks(rids)) {
    await tx.run(
      `DELETE FROM engram_ltm_fts WHERE rowid IN (SELECT rid FROM engram_ltm_records WHERE live = 1 AND rid IN (${placeholders(part)}))`,
      part,
    );
    await tx.run(
      `UPDATE engram_ltm_records SET expired_at = ?, live = 0 WHERE rid IN (${placeholders(part)})`,
      [at.getTime(), ...part],
    );
  }
}

/** The SQLite JSON type(s) a metadata filter value has, for `json_each`. */
function jsonType(value: unknown): string {
  if (value === null) return "= 'null'";
  if (value === true) return "= 'true'";
  if (value === false) return "= 'false'";
  return typeof value === 'string' ? "= 'text'" : "IN ('integer', 'real')";
}

/** A (checked) filter as SQL conditions on the records table aliased `r`. */
export function filterSql(filter: LongTermFilter = {}): SqlPart[] {
  const parts: SqlPart[] = [];
  const list = (column: string, values: readonly string[] | undefined) => {
    if (values)
      parts.push(
        values.length
          ? { sql: `${column} IN (${placeholders(values)})`, args: [...values] }
          : { sql: '0', args: [] },
      );
  };
  list('r.kind', filter.kinds);
  if (filter.session !== undefined) parts.push({ sql: 'r.session_id = ?', args: [filter.session] });
  list('r.episode', filter.episodes);
  for (const [key, value] of Object.entries(filter.metadata ?? {})) {
    const scalar = typeof value === 'string' || typeof value === 'number';
    parts.push({
      sql: `EXISTS (SELECT 1 FROM json_each(r.metadata) j WHERE j.key = ? AND j.type ${jsonType(value)}${scalar ? ' AND j.atom = ?' : ''})`,
      args: scalar ? [key, value] : [key],
    });
  }
  list('r.origin', filter.origins);
  if (filter.toolDerived !== undefined)
    parts.push({ sql: 'r.tool_derived = ?', args: [filter.toolDerived ? 1 : 0] });
  if (filter.validFrom) parts.push({ sql: 'r.valid_at >= ?', args: [filter.validFrom.getTime()] });
  if (filter.validTo) parts.push({ sql: 'r.valid_at <= ?', args: [filter.validTo.getTime()] });
  if (filter.asOf) {
    const t = filter.asOf.getTime();
    // Without valid_at, a record starts at created_at, or has no start when it ended by then (validAt).
    parts.push({
      sql: '((r.valid_at <= ? OR (r.valid_at IS NULL AND (r.created_at <= ? OR r.invalid_at <= r.created_at))) AND (r.invalid_at IS NULL OR r.invalid_at > ?))',
      args: [t, t, t],
    });
  }
  return parts;
}

/** Joins conditions with AND (`1` for none). */
export const allOf = (parts: readonly SqlPart[]): SqlPart => ({
  sql: parts.length === 0 ? '1' : parts.map((p) => p.sql).join(' AND '),
  args: parts.flatMap((p) => p.args),
});
