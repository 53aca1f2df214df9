import { createHash } from 'node:crypto';
import type { Scope } from '../../driver.ts';
import type { LibsqlValue } from './libsql-client.ts';

/** A SQL condition with its parameters, to splice into a statement. */
export interface SqlPart {
  /** The condition's text, with `?` placeholders. */
  sql: string;
  /** Its parameters, in order. */
  args: LibsqlValue[];
}

/**
 * The rows owned by exactly `scope` (alias `a`): tenant, user and agent, `''` standing for "none". Every call that
 * addresses a session, a state value, a content item or a record by id uses it.
 */
export function ownedBy(scope: Scope, alias: string): SqlPart {
  return {
    sql: `${alias}.tenant = ? AND ${alias}.user_id = ? AND ${alias}.agent_id = ?`,
    args: [scope.tenant, scope.user ?? '', scope.agent ?? ''],
  };
}

/** The rows a listing or a search with `scope` covers (alias `a`): its tenant, and its user / agent where named. */
export function coveredBy(scope: Scope, alias: string): SqlPart {
  let sql = `${alias}.tenant = ?`;
  const args: LibsqlValue[] = [scope.tenant];
  if (scope.user !== undefined) {
    sql += ` AND ${alias}.user_id = ?`;
    args.push(scope.user);
  }
  if (scope.agent !== undefined) {
    sql += ` AND ${alias}.agent_id = ?`;
    args.push(scope.agent);
  }
  return { sql, args };
}

/** The owner scope of a row with `tenant`, `user_id` and `agent_id` columns (`''` is "none"). */
export function rowScope(row: Readonly<Record<string, unknown>>): Scope {
  const user = String(row.user_id);
  const agent = String(row.agent_id);
  return {
    tenant: String(row.tenant),
    ...(user === '' ? {} : { user }),
    ...(agent === '' ? {} : { agent }),
  };
}

/**
 * A full-text token for a scope's part: a letter, then 40 hex digits of a hash, then a digit. No text produces
 * it (analysed terms are at most 40 characters), the tokenizers keep it whole and the porter stemmer leaves it
 * alone, so an FTS5 query that requires it reads only that scope's postings.
 */
export function scopeToken(kind: 't' | 'u' | 'a' | 's' | 'c', parts: readonly string[]): string {
  return `${kind}${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40)}0`;
}

/** The tokens a row owned by `scope` carries in a full-text index: its tenant, tenant+user, tenant+agent. */
export function ownerTokens(scope: Scope): string[] {
  return [
    scopeToken('t', [scope.tenant]),
    scopeToken('u', [scope.tenant, scope.user ?? '']),
    scopeToken('a', [scope.tenant, scope.agent ?? '']),
  ];
}

/**
 * The tokens a search with `scope` requires: the user's and the agent's where named (each implies the tenant),
 * else the tenant's; every one must match.
 */
export function searchTokens(scope: Scope): string[] {
  const out: string[] = [];
  if (scope.user !== undefined) out.push(scopeToken('u', [scope.tenant, scope.user]));
  if (scope.agent !== undefined) out.push(scopeToken('a', [scope.tenant, scope.agent]));
  return out.length > 0 ? out : [scopeToken('t', [scope.tenant])];
}

/** An FTS5 string literal of a word (`"w"`, inner quotes doubled): never read as query syntax. */
export const ftsString = (word: string): string => `"${word.replaceAll('"', '""')}"`;

/** The FTS5 condition that every token is in `column`. */
export const ftsAll = (column: string, tokens: readonly string[]): string =>
  `${column} : (${tokens.map(ftsString).join(' AND ')})`;

/** Splits a list into chunks small enough for one `IN (…)` list. */
export function chunks<T>(items: readonly T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `?, ?, …`: one placeholder per item. */
export const placeholders = (items: readonly unknown[]): string => items.map(() => '?').join(', ');
