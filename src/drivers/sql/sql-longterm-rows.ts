import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import type { LongTermFilter } from '../../longterm/long-term-query.ts';
import type { LongTermProvenance, LongTermRecord } from '../../longterm/long-term-record.ts';
import { copyProvenance } from '../../longterm/provenance.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlDialect, SqlRow } from './sql-client.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { scopeWhere } from './sql-view.ts';

/** The columns of a record version as read (the records table aliased `r`) but the context's terms. */
const columnsButContextTerms =
  'r.rid, r.first_rid, r.id, r.version, r.event, r.kind, r.text, r.context, r.session_id, r.episode, r.metadata, r.provenance, r.hash, r.valid_at, r.invalid_at, r.created_at, r.recorded_at, r.expired_at, r.terms';

/** The columns a record version is read from (the records table aliased `r`). */
export const recordColumns = raw(`${columnsButContextTerms}, r.context_terms`);

/**
 * {@link recordColumns} without the context's terms, for a read that returns records and their text's terms only
 * (a turn's context terms run to a few times its text's).
 */
export const recordColumnsButContextTerms = raw(columnsButContextTerms);

const date = (v: unknown) => (v === null || v === undefined ? undefined : new Date(Number(v)));

/** A record version from its row, read with the dialect that wrote it. */
export function toRecord(row: SqlRow, dialect: SqlDialect): LongTermRecord {
  const r: LongTermRecord = {
    id: String(row.id),
    version: Number(row.version),
    event: String(row.event) as LongTermRecord['event'],
    kind: String(row.kind),
    text: String(row.text),
    metadata: dialect.readDocument(row.metadata) as Record<string, JSONValue>,
    provenance: copyProvenance(JSON.parse(String(row.provenance)) as Partial<LongTermProvenance>),
    hash: String(row.hash),
    createdAt: new Date(Number(row.created_at)),
    recordedAt: new Date(Number(row.recorded_at)),
  };
  if (row.context !== null && row.context !== undefined) r.context = String(row.context);
  if (row.session_id !== null && row.session_id !== undefined) r.session = String(row.session_id);
  if (row.episode !== null && row.episode !== undefined) r.episode = String(row.episode);
  const validAt = date(row.valid_at);
  if (validAt) r.validAt = validAt;
  const invalidAt = date(row.invalid_at);
  if (invalidAt) r.invalidAt = invalidAt;
  const expiredAt = date(row.expired_at);
  if (expiredAt) r.expiredAt = expiredAt;
  return r;
}

/** The analysed terms kept with a row. */
export const rowTerms = (row: SqlRow, column: 'terms' | 'context_terms'): string[] =>
  String(row[column]) === '' ? [] : String(row[column]).split(' ');

/** Owner tokens made, by kind and parts (a search makes its scope's two or three times): at most 1,024, then cleared. */
const tokens = new Map<string, string>();

/** One owner token (42 characters: longer than any analysed term, so no text produces it). */
function token(kind: 't' | 'u' | 'a', parts: readonly string[]): string {
  const json = JSON.stringify(parts);
  const key = `${kind}${json}`;
  let made = tokens.get(key);
  if (made === undefined) {
    made = `lt${kind}${createHash('sha256').update(json).digest('hex').slice(0, 39)}`;
    if (tokens.size >= 1024) tokens.clear();
    tokens.set(key, made);
  }
  return made;
}

/** The tokens a record of `owner` carries in the full-text index: its tenant, tenant+user, tenant+agent. */
export function ownerTokens(owner: { tenant: string; user: string; agent: string }): string[] {
  return [
    token('t', [owner.tenant]),
    token('u', [owner.tenant, owner.user]),
    token('a', [owner.tenant, owner.agent]),
  ];
}

/**
 * The tokens a search with `scope` requires: the user's / agent's when named (each is made from the tenant too,
 * so it implies the tenant's), else the tenant's. Leaving the tenant's token out of a narrower search matters at
 * scale: it is in every row of the tenant, and FTS5's `bm25()` counts every row of each phrase of the query
 * for its IDF, so that token alone made a one-user search read the whole tenant (and a GIN scan reads its
 * posting list). It carries no score (the scope column has weight 0), so ranking is unchanged.
 */
export function scopeTokens(scope: Scope): string[] {
  const out: string[] = [];
  if (scope.user !== undefined) out.push(token('u', [scope.tenant, scope.user]));
  if (scope.agent !== undefined) out.push(token('a', [scope.tenant, scope.agent]));
  return out.length > 0 ? out : [token('t', [scope.tenant])];
}

/** The condition: the row of the records table aliased `alias` belongs to exactly `owner`. */
export const owned = (owner: RecordOwner, alias = 'r'): SqlFragment =>
  sql`${raw(`${alias}.tenant = `)}${owner.tenant}${raw(` AND ${alias}.user_id = `)}${owner.user}${raw(` AND ${alias}.agent_id = `)}${owner.agent}`;

/** The condition: a live version (of the records table aliased `r`) in `scope`, meeting every `filter` condition. */
export const liveWhere = (scope: Scope, filter: readonly SqlFragment[] = []): SqlFragment =>
  joinSql([scopeWhere(scope, 'r'), raw('r.live = 1'), ...filter], ' AND ');

/** A filter as SQL conditions on the records table aliased `r`. */
export function filterSql(dialect: SqlDialect, filter: LongTermFilter): SqlFragment[] {
  const parts: SqlFragment[] = [];
  if (filter.kinds)
    parts.push(filter.kinds.length ? sql`r.kind IN (${joinSql([...filter.kinds])})` : raw('1 = 0'));
  if (filter.session !== undefined) parts.push(sql`r.session_id = ${filter.session}`);
  if (filter.episodes)
    parts.push(filter.episodes.length ? sql`r.episode IN (${joinSql([...filter.episodes])})` : raw('1 = 0'));
  for (const [key, value] of Object.entries(filter.metadata ?? {}))
    parts.push(dialect.jsonFieldEquals('r.metadata', key, value));
  if (filter.origins)
    parts.push(filter.origins.length ? sql`r.origin IN (${joinSql([...filter.origins])})` : raw('1 = 0'));
  if (filter.toolDerived !== undefined) parts.push(sql`r.tool_derived = ${filter.toolDerived ? 1 : 0}`);
  if (filter.validFrom) parts.push(sql`r.valid_at >= ${filter.validFrom.getTime()}`);
  if (filter.validTo) parts.push(sql`r.valid_at <= ${filter.validTo.getTime()}`);
  if (filter.validFrom || filter.validTo) parts.push(raw('r.valid_at IS NOT NULL'));
  if (filter.asOf) {
    const t = filter.asOf.getTime();
    parts.push(
      // Without valid_at, a record starts at created_at, or has no start when it ended by then (validAt).
      sql`(r.valid_at <= ${t} OR (r.valid_at IS NULL AND (r.created_at <= ${t} OR r.invalid_at <= r.created_at))) AND (r.invalid_at IS NULL OR r.invalid_at > ${t})`,
    );
  }
  return parts;
}

/** A vector as little-endian float32 bytes. */
export function vectorBytes(vector: readonly number[]): Uint8Array {
  const out = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => {
    out.writeFloatLE(x, i * 4);
  });
  return out;
}

/** A vector from little-endian float32 bytes. */
export function bytesVector(bytes: Uint8Array): number[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Array<number>(buf.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}
