import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import {
  type CheckedContentCriteria,
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
  encodeCursor,
} from '../../content/check-content.ts';
import type { ContentItem, ContentItemInfo } from '../../content/content-item.ts';
import type { ContentQueryPage } from '../../content/content-query.ts';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import { itemInfo, sameContentItem, serializeContent } from '../../content/prepare-content-item.ts';
import { indexedText } from '../../content/select-items.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import { type TagPlan, tagPlan } from './sql-content-tags.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { ownerWhere } from './sql-view.ts';

/** Runs one guarded operation: closed check, scope check, initialization, error wrapping (the SQL store's `op`). */
export type SqlOperation = <T>(what: string, scope: Scope, fn: () => Promise<T>) => Promise<T>;

/** What {@link createSqlContentItems} needs from the SQL store. */
export interface SqlContentOptions {
  /** The database client. */
  client: SqlClient;
  /** The error prefix component. */
  component: string;
  /** The store's guard. */
  op: SqlOperation;
  /** Largest content accepted, in UTF-8 bytes. */
  maxContentBytes?: number;
}

const infoColumns = raw(
  'rid, id, type, format, source, ts, size, tokens, digest, tags, related_to, metadata',
);

const itemColumns = raw(
  'tenant, user_id, agent_id, space, id, type, format, source, ts, size, tokens, digest, tags, related_to, metadata, content',
);

/** The index `owner` token of a scope's space: one letters-and-digits token no text produces by chance. */
function ownerToken(scope: Scope, space: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([scope.tenant, scope.user ?? '', scope.agent ?? '', space]))
    .digest('hex');
  return `c${hash.slice(0, 40)}0`;
}

/** The text a full-text criterion searches, without NUL (PostgreSQL text cannot hold it). */
const searchText = (item: ContentItem) => indexedText(item).replaceAll('\u0000', ' ');

function toInfo(row: SqlRow): ContentItemInfo {
  return {
    id: String(row.id),
    type: String(row.type),
    format: row.format === 'json' ? 'json' : 'text',
    source: String(row.source),
    timestamp: new Date(Number(row.ts)),
    size: Number(row.size),
    tokens: Number(row.tokens),
    digest: String(row.digest),
    tags: JSON.parse(String(row.tags)) as string[],
    relatedTo: JSON.parse(String(row.related_to)) as string[],
    metadata: JSON.parse(String(row.metadata)) as Record<string, JSONValue>,
  };
}

function toItem(row: SqlRow): ContentItem {
  const info = toInfo(row);
  const bytes = row.content as Uint8Array;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { ...info, content: info.format === 'text' ? text : (JSON.parse(text) as JSONValue) };
}

const where = (scope: Scope, space: string) => sql`${ownerWhere(scope)} AND space = ${space}`;

/**
 * The criteria as SQL conditions (the full-text one per dialect); `tags` is the tag criterion's plan (`tagPlan`),
 * given when the criteria name tags (an empty list matches nothing: undefined).
 */
function conditions(
  client: SqlClient,
  scope: Scope,
  space: string,
  c: CheckedContentCriteria,
  tags: TagPlan | undefined,
): SqlFragment | undefined {
  const parts: SqlFragment[] = [where(scope, space)];
  const d = client.dialect;
  if (c.types) parts.push(c.types.length === 0 ? raw('1 = 0') : sql`type IN (${joinSql(c.types)})`);
  if (c.source !== undefined) parts.push(sql`source = ${c.source}`);
  if (c.tags) {
    if (!tags) return undefined;
    parts.push(tags.condition);
  }
  if (c.startMs !== undefined) parts.push(sql`ts >= ${c.startMs}`);
  if (c.endMs !== undefined) parts.push(sql`ts <= ${c.endMs}`);
  if (c.after) {
    const { timestampMs, id } = c.after;
    parts.push(
      c.order === 'oldest'
        ? sql`(ts > ${timestampMs} OR (ts = ${timestampMs} AND id > ${id}))`
        : sql`(ts < ${timestampMs} OR (ts = ${timestampMs} AND id < ${id}))`,
    );
  }
  if (c.words) {
    const match = c.words.length === 0 ? undefined : d.contentSearch.match(c.words, ownerToken(scope, space));
    if (!match) return undefined;
    parts.push(match);
  }
  return joinSql(parts, ' AND ');
}

/** Inserts an item row (and indexes it) unless its key is taken; whether it was inserted. */
async function insertItem(tx: SqlClient, scope: Scope, space: string, item: ContentItem): Promise<boolean> {
  const index = tx.dialect.contentSearch;
  const body = Buffer.from(serializeContent(item.format, item.content), 'utf8');
  const text = searchText(item);
  const values = sql`${scope.tenant}, ${scope.user ?? ''}, ${scope.agent ?? ''}, ${space}, ${item.id}, ${item.type}, ${item.format}, ${item.source}, ${item.timestamp.getTime()}, ${item.size}, ${item.tokens}, ${item.digest}, ${JSON.stringify(item.tags)}, ${JSON.stringify(item.relatedTo)}, ${JSON.stringify(item.metadata)}, ${body}`;
  const columns = [itemColumns, ...index.rowColumns.map(raw)];
  const row = await queryGet(
    tx,
    sql`INSERT INTO engram_content_items (${joinSql(columns)}) VALUES (${joinSql([values, ...index.rowValues(text)])}) ON CONFLICT DO NOTHING RETURNING rid`,
  );
  if (!row) return false;
  await index.add(tx, { rid: Number(row.rid), owner: ownerToken(scope, space), text });
  return true;
}

/**
 * `putItems` inside the transaction `tx` (items already checked): inserts each item (and indexes it) unless its id
 * is taken; returns what each id holds after, in input order. The SQL store's append writes content items riding
 * on it this way, in its own transaction.
 */
export async function putItemsIn(
  tx: SqlClient,
  component: string,
  scope: Scope,
  space: string,
  items: readonly ContentItem[],
): Promise<ContentItemInfo[]> {
  const out: ContentItemInfo[] = [];
  for (const item of items) {
    if (await insertItem(tx, scope, space, item)) {
      out.push(itemInfo(item));
      continue;
    }
    const row = await queryGet(
      tx,
      sql`SELECT ${infoColumns} FROM engram_content_items WHERE ${where(scope, space)} AND id = ${item.id}`,
    );
    if (!row)
      throw new MemoryError({
        code: 'CONFLICT',
        component,
        message: `content item "${item.id}" vanished during putItems`,
      });
    out.push(toInfo(row));
  }
  return out;
}

/** Deletes the rows (and their index entries) matching `filter` within a scope's space; how many. */
async function deleteItems(
  tx: SqlClient,
  scope: Scope,
  space: string,
  filter?: SqlFragment,
): Promise<number> {
  const cond = filter ? sql`${where(scope, space)} AND ${filter}` : where(scope, space);
  await tx.dialect.contentSearch.remove(tx, cond);
  return (await queryRun(tx, sql`DELETE FROM engram_content_items WHERE ${cond}`)).changes;
}

/** Ids a `getItemInfos` query names at most (well under every dialect's bound-parameter limit). */
const idsPerQuery = 500;

/**
 * `ContentStoreV1` on the shared SQL layer (schema v10): every query names the caller's exact owner scope and
 * space; `getItem` reads one row by key, `getItemInfo` and `queryItems` never read the content column;
 * queries page by keyset on (timestamp, id); `getItemInfos` reads a page of ids a query, `putItems` writes a
 * batch in one transaction.
 */
export function createSqlContentItems(options: SqlContentOptions): ContentStoreV1 {
  const { client, component, op } = options;
  const info = (tx: SqlClient, scope: Scope, space: string, id: string) =>
    queryGet(
      tx,
      sql`SELECT ${infoColumns} FROM engram_content_items WHERE ${where(scope, space)} AND id = ${id}`,
    );
  return {
    specificationVersion: 'v1',
    putItem: (scope, space, item) =>
      op('putItem', scope, async () => {
        checkSpace(space, component);
        checkContentItem(item, component, options.maxContentBytes);
        return client.transaction(async (tx) => {
          if (await insertItem(tx, scope, space, item)) {
            const { content: _c, ...rest } = item;
            return { ...rest, tags: [...item.tags], relatedTo: [...item.relatedTo] };
          }
          const row = await info(tx, scope, space, item.id);
          if (row && sameContentItem(toInfo(row), item)) return toInfo(row);
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: `content item "${item.id}" already exists with different content`,
          });
        });
      }),
    getItem: (scope, space, id) =>
      op('getItem', scope, async () => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        const row = await queryGet(
          client,
          sql`SELECT ${infoColumns}, content FROM engram_content_items WHERE ${where(scope, space)} AND id = ${id}`,
        );
        return row ? toItem(row) : undefined;
      }),
    getItemInfo: (scope, space, id) =>
      op('getItemInfo', scope, async () => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        const row = await info(client, scope, space, id);
        return row ? toInfo(row) : undefined;
      }),
    getItemInfos: (scope, space, ids) =>
      op('getItemInfos', scope, async () => {
        checkSpace(space, component);
        ids.forEach((id, i) => {
          checkId(id, `ids[${i}]`, component);
        });
        const found = new Map<string, ContentItemInfo>();
        for (let i = 0; i < ids.length; i += idsPerQuery) {
          const page = ids.slice(i, i + idsPerQuery);
          const rows = await queryAll(
            client,
            sql`SELECT ${infoColumns} FROM engram_content_items WHERE ${where(scope, space)} AND id IN (${joinSql(page)})`,
          );
          for (const row of rows) found.set(String(row.id), toInfo(row));
        }
        return found;
      }),
    putItems: (scope, space, items) =>
      op('putItems', scope, async () => {
        checkSpace(space, component);
        checkReplacement(items, component, options.maxContentBytes);
        return client.transaction((tx) => putItemsIn(tx, component, scope, space, items));
      }),
    queryItems: (scope, space, criteria) =>
      op('queryItems', scope, async (): Promise<ContentQueryPage> => {
        checkSpace(space, component);
        const c = checkContentCriteria(criteria, component);
        const tags = c.tags?.length ? await tagPlan(client, scope, space, c.tags, c.tagMatch) : undefined;
        const cond = conditions(client, scope, space, c, tags);
        if (!cond) return { items: [] };
        const dir = raw(c.order === 'oldest' ? 'ASC' : 'DESC');
        const from = raw(
          tags?.byRowIds ? `engram_content_items${client.dialect.byRowIds}` : 'engram_content_items',
        );
        const rows = await queryAll(
          client,
          sql`SELECT ${infoColumns} FROM ${from} WHERE ${cond} ORDER BY ts ${dir}, id ${dir} LIMIT ${c.limit + 1}`,
        );
        const items = rows.slice(0, c.limit).map(toInfo);
        const last = items.at(-1);
        return rows.length > c.limit && last
          ? { items, nextCursor: encodeCursor(last.timestamp.getTime(), last.id) }
          : { items };
      }),
    listSpaces: (scope) =>
      op('listSpaces', scope, async () =>
        (
          await queryAll(
            client,
            sql`SELECT space, COUNT(*) AS n FROM engram_content_items WHERE ${ownerWhere(scope)} GROUP BY space ORDER BY space`,
          )
        ).map((row) => ({ space: String(row.space), items: Number(row.n) })),
      ),
    deleteItem: (scope, space, id) =>
      op('deleteItem', scope, async () => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        return (await client.transaction((tx) => deleteItems(tx, scope, space, sql`id = ${id}`))) > 0;
      }),
    clearItems: (scope, space) =>
      op('clearItems', scope, async () => {
        checkSpace(space, component);
        return client.transaction((tx) => deleteItems(tx, scope, space));
      }),
    replaceItems: (scope, space, items) =>
      op('replaceItems', scope, async () => {
        checkSpace(space, component);
        checkReplacement(items, component, options.maxContentBytes);
        await client.transaction(async (tx) => {
          await deleteItems(tx, scope, space);
          for (const item of items) await insertItem(tx, scope, space, item);
        });
      }),
  };
}
