import type { Item } from '@langchain/langgraph-checkpoint';
import { getTextAtPath } from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { maxRecordTextLength } from '../longterm/check-record.ts';
import type { LongTermFilter } from '../longterm/long-term-query.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import { storageName } from './storage-keys.ts';

/**
 * How a LangGraph store item sits in engram's long-term records: one record per (namespace, key), kind
 * `langgraph.item`, its value and bookkeeping in the record's metadata, its indexed text as the record's text
 * (what BM25 ranks and what is embedded). Each namespace label is also a top-level metadata value
 * (`ns.0`, `ns.1`, …) so a namespace prefix is a metadata filter the store runs in SQL, and the owner scope is
 * one too, a fast filter for listings and searches, which are wider than the scope (a tenant's covers its users').
 * The owner value is data, though: code that writes a user's long-term records may write any metadata, so it never
 * decides whose an item is. Reads by key address the scope's own record only, and listings and searches keep the
 * records that reading them in the scope gives (`ownedCurrent`, `ownedRecords`; see `store-search.ts`).
 */

/** The record kind of store items. */
export const itemKind = 'langgraph.item';

/** What an item record's metadata holds. */
export interface ItemMetadata {
  /** The owner scope, `[tenant, user, agent]` as JSON (`null` for none): a filter, not proof of ownership. */
  owner: string;
  /** The namespace and key. */
  namespace: string[];
  key: string;
  /** The value, as JSON. */
  value: Record<string, JSONValue>;
  /** Creation and last write times (ms). */
  created: number;
  updated: number;
  /** Time to live in minutes and the expiry it gave at the last write (ms), when the item has one. */
  ttl?: number;
  expires?: number;
  /** Whether the record has a vector (of this store's embedding model). */
  vector?: boolean;
}

/** The owner metadata value of a scope. */
export const ownerOf = (scope: Scope) =>
  JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null]);

/** The record id of an item: `lgs:<namespace labels>:<key>` (escaped), hashed when too long. */
export const itemRecordId = (namespace: readonly string[], key: string) =>
  storageName('lgs', [JSON.stringify(namespace), key]);

/** The filter of a scope's items under a namespace prefix (labels `*` match any). */
export function prefixFilter(
  scope: Scope,
  prefix: readonly string[],
  extra: Record<string, JSONValue> = {},
): LongTermFilter {
  const metadata: Record<string, JSONValue> = { owner: ownerOf(scope), ...extra };
  prefix.forEach((label, i) => {
    if (label !== '*') metadata[`ns.${i}`] = label;
  });
  return { kinds: [itemKind], metadata };
}

/**
 * The metadata of an item record, or undefined when it is not a store item or its owner value is not the scope's.
 * Only a fast check: a record read by key in the scope, or kept by `ownedCurrent` / `ownedRecords`, is the scope's.
 */
export function itemMetadata(record: LongTermRecord, scope: Scope): ItemMetadata | undefined {
  const m = record.metadata as unknown as ItemMetadata;
  if (record.kind !== itemKind || m.owner !== ownerOf(scope)) return undefined;
  if (!Array.isArray(m.namespace) || typeof m.key !== 'string' || typeof m.value !== 'object')
    return undefined;
  return m;
}

/** The metadata stored for an item (namespace labels as top-level values too). */
export function toMetadata(meta: ItemMetadata): Record<string, JSONValue> {
  const out: Record<string, JSONValue> = { ...(meta as unknown as Record<string, JSONValue>) };
  meta.namespace.forEach((label, i) => {
    out[`ns.${i}`] = label;
  });
  return out;
}

/** The LangGraph item of a record's metadata. */
export function toItem(meta: ItemMetadata): Item {
  return {
    namespace: [...meta.namespace],
    key: meta.key,
    value: meta.value,
    createdAt: new Date(meta.created),
    updatedAt: new Date(meta.updated),
  };
}

/**
 * A value as JSON stores it (what `JSON.stringify` makes of it); `INVALID_ARGUMENT` unless it is an object that
 * JSON can hold (a BigInt or a cycle in it, which `JSON.stringify` throws on, is refused the same way).
 */
export function jsonValue(value: unknown): Record<string, JSONValue> {
  const fail = (reason: string, cause?: unknown) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'langgraph',
      message: `a store item value must be a JSON object${reason}`,
      ...(cause === undefined ? {} : { cause }),
    });
  let json: unknown;
  try {
    json = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  } catch (error) {
    throw fail(`: ${errorReason(error)}`, error);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw fail('');
  return json as Record<string, JSONValue>;
}

/**
 * The text of an item that search ranks and embeds: the strings at its index fields (`$` the whole value as
 * JSON, `a.b`, `list[*].text`, as LangGraph's `IndexConfig.fields`), joined; the namespace and key when the
 * item is not indexed or has no text there. Cut to the record text limit.
 */
export function indexText(
  namespace: readonly string[],
  key: string,
  value: Record<string, JSONValue>,
  fields: readonly string[] | false,
): string {
  const texts =
    fields === false
      ? []
      : fields.flatMap((field) => (field === '$' ? [JSON.stringify(value)] : getTextAtPath(value, field)));
  const text = (texts.join('\n').trim() || [...namespace, key].join('/')).replaceAll('\u0000', ' ');
  return (text.length > maxRecordTextLength ? text.slice(0, maxRecordTextLength) : text).toWellFormed();
}
