import {
  type CheckedContentCriteria,
  type ContentDriverV1,
  type ContentItem,
  type ContentItemInfo,
  checkContentCriteria,
  encodeCursor,
  indexedText,
  MemoryError,
  planTagQuery,
  type Scope,
  sameContentItem,
  serializeContent,
  tagRowsReadFirst,
} from '../../driver.ts';
import { blobBytes, type LibsqlRow, type LibsqlValue } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { ftsAll, ftsString, ownedBy, placeholders, type SqlPart, scopeToken } from './libsql-scope.ts';

const component = 'libsql';
const infoColumns = 'id, type, format, source, ts, size, tokens, digest, tags, related_to, metadata';

/** The FTS5 `owner` token of a scope's space. */
const spaceToken = (scope: Scope, space: string) =>
  scopeToken('c', [scope.tenant, scope.user ?? '', scope.agent ?? '', space]);

function toInfo(row: LibsqlRow): ContentItemInfo {
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
    metadata: JSON.parse(String(row.metadata)) as ContentItemInfo['metadata'],
  };
}

/** The item of a row with its `content` column (the UTF-8 bytes of its serialization). */
function toItem(row: LibsqlRow): ContentItem {
  const info = toInfo(row);
  const bytes = blobBytes(row.content);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { ...info, content: info.format === 'text' ? text : (JSON.parse(text) as ContentItem['content']) };
}

/** The rows of a scope's space (alias `c`). */
const inSpace = (scope: Scope, space: string): SqlPart => {
  const owner = ownedBy(scope, 'c');
  return { sql: `${owner.sql} AND c.space = ?`, args: [...owner.args, space] };
};

/** How a query by tag reads (`planTagQuery`): its condition on `c`, and whether the items are read by row id. */
interface TagPlan {
  condition: SqlPart;
  byRowIds: boolean;
}

/**
 * The condition that an item `c` carries any of `tags` (never empty), or all of them, planned from bounded counts of
 * the tags' rows (`engram_content_tags`, kept by triggers): a rare tag's items read by row id, or the space walked
 * in its order with each item's tags checked by key.
 */
async function tagPlan(
  db: LibsqlExecutor,
  scope: Scope,
  space: string,
  tags: readonly string[],
  mode: 'any' | 'all',
): Promise<TagPlan> {
  const owned = ownedBy(scope, 'g');
  const plan = await planTagQuery(tags, mode, async (some) => {
    const row = await db.get(
      `SELECT count(*) AS n FROM (SELECT 1 FROM engram_content_tags g WHERE ${owned.sql} AND g.space = ? AND g.tag IN (${placeholders(some)}) LIMIT ?)`,
      [...owned.args, space, ...some, tagRowsReadFirst],
    );
    return Number(row?.n ?? 0);
  });
  // An item's tag rows by key; every one of several tags is one count of them (see the SQL store's tagPlan).
  const itemRows =
    'engram_content_tags t WHERE t.tenant = c.tenant AND t.user_id = c.user_id AND t.agent_id = c.agent_id AND t.space = c.space AND t.rid = c.rid';
  const parts: SqlPart[] = [];
  if (plan.readBy)
    parts.push({
      sql: `c.rid IN (SELECT g.rid FROM engram_content_tags g WHERE ${owned.sql} AND g.space = ? AND g.tag IN (${placeholders(plan.readBy)}))`,
      args: [...owned.args, space, ...plan.readBy],
    });
  if (plan.anyOf)
    parts.push({
      sql: `EXISTS (SELECT 1 FROM ${itemRows} AND t.tag IN (${placeholders(plan.anyOf)}))`,
      args: [...plan.anyOf],
    });
  if (plan.allOf)
    parts.push({
      sql: `(SELECT count(*) FROM ${itemRows} AND t.tag IN (${placeholders(plan.allOf)})) = ?`,
      args: [...plan.allOf, plan.allOf.length],
    });
  return {
    condition: { sql: parts.map((p) => p.sql).join(' AND '), args: parts.flatMap((p) => p.args) },
    byRowIds: plan.readBy !== undefined,
  };
}

/**
 * The criteria as one SQL condition, or undefined when nothing can match (an empty tag or word list); `tags` is the
 * tag criterion's plan, given when the criteria name tags.
 */
function conditions(
  scope: Scope,
  space: string,
  c: CheckedContentCriteria,
  tags: TagPlan | undefined,
): SqlPart | undefined {
  const parts: SqlPart[] = [inSpace(scope, space)];
  if (c.types) parts.push({ sql: `c.type IN (${placeholders(c.types)})`, args: c.types });
  if (c.source !== undefined) parts.push({ sql: 'c.source = ?', args: [c.source] });
  if (c.tags) {
    if (!tags) return undefined;
    parts.push(tags.condition);
  }
  if (c.startMs !== undefined) parts.push({ sql: 'c.ts >= ?', args: [c.startMs] });
  if (c.endMs !== undefined) parts.push({ sql: 'c.ts <= ?', args: [c.endMs] });
  if (c.after) {
    const { timestampMs: ts, id } = c.after;
    const op = c.order === 'oldest' ? '>' : '<';
    parts.push({ sql: `(c.ts ${op} ? OR (c.ts = ? AND c.id ${op} ?))`, args: [ts, ts, id] });
  }
  if (c.words) {
    if (c.words.length === 0) return undefined;
    const match = `${ftsAll('owner', [spaceToken(scope, space)])} AND text : (${c.words.map(ftsString).join(' ')})`;
    parts.push({
      sql: 'c.rid IN (SELECT rowid FROM engram_content_fts WHERE engram_content_fts MATCH ?)',
      args: [match],
    });
  }
  return { sql: parts.map((p) => p.sql).join(' AND '), args: parts.flatMap((p) => p.args) };
}

/** Inserts an item and its full-text row unless its key is taken; whether it was inserted. */
async function insertItem(
  tx: LibsqlExecutor,
  scope: Scope,
  space: string,
  item: ContentItem,
): Promise<boolean> {
  const body = Buffer.from(serializeContent(item.format, item.content), 'utf8');
  const args: LibsqlValue[] = [
    ...inSpace(scope, space).args,
    item.id,
    item.type,
    item.format,
    item.source,
    item.timestamp.getTime(),
    item.size,
    item.tokens,
    item.digest,
    JSON.stringify(item.tags),
    JSON.stringify(item.relatedTo),
    JSON.stringify(item.metadata),
    body,
  ];
  const row = await tx.get(
    `INSERT INTO engram_content_items (tenant, user_id, agent_id, space, id, type, format, source, ts, size, tokens, digest, tags, related_to, metadata, content)
VALUES (${placeholders(args)}) ON CONFLICT DO NOTHING RETURNING rid`,
    args,
  );
  if (!row) return false;
  await tx.run('INSERT INTO engram_content_fts (rowid, owner, text) VALUES (?, ?, ?)', [
    Number(row.rid),
    spaceToken(scope, space),
    indexedText(item),
  ]);
  return true;
}

/** Deletes a space's items (one item with `id`) and their full-text rows; how many. */
async function deleteItems(tx: LibsqlExecutor, scope: Scope, space: string, id?: string): Promise<number> {
  const where = inSpace(scope, space);
  const cond = id === undefined ? where : { sql: `${where.sql} AND c.id = ?`, args: [...where.args, id] };
  await tx.run(
    `DELETE FROM engram_content_fts WHERE rowid IN (SELECT c.rid FROM engram_content_items c WHERE ${cond.sql})`,
    cond.args,
  );
  return tx.run(`DELETE FROM engram_content_items AS c WHERE ${cond.sql}`, cond.args);
}

/**
 * `ContentDriverV1` on libSQL: every statement names the caller's exact owner and space; `getItem` reads one row by
 * key, `getItemInfo` and `queryItems` never read the content column; queries page by keyset on (timestamp, id),
 * a text criterion through FTS5 restricted to the space's token.
 */
export function createLibsqlContentDriver(db: LibsqlExecutor): ContentDriverV1 {
  const info = async (ex: LibsqlExecutor, scope: Scope, space: string, id: string) => {
    const where = inSpace(scope, space);
    return ex.get(`SELECT ${infoColumns} FROM engram_content_items c WHERE ${where.sql} AND c.id = ?`, [
      ...where.args,
      id,
    ]);
  };
  return {
    specificationVersion: 'v1',
    name: component,
    putItem: (scope, space, item) => {
      return db.write(async (tx) => {
        if (await insertItem(tx, scope, space, item)) {
          const { content: _content, ...rest } = item;
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
    },
    getItem: async (scope, space, id) => {
      const where = inSpace(scope, space);
      const row = await db.get(
        `SELECT ${infoColumns}, content FROM engram_content_items c WHERE ${where.sql} AND c.id = ?`,
        [...where.args, id],
      );
      return row ? toItem(row) : undefined;
    },
    getItemInfo: async (scope, space, id) => {
      const row = await info(db, scope, space, id);
      return row ? toInfo(row) : undefined;
    },
    queryItems: async (scope, space, criteria) => {
      const c = checkContentCriteria(criteria, component);
      const tags = c.tags?.length ? await tagPlan(db, scope, space, c.tags, c.tagMatch) : undefined;
      const cond = conditions(scope, space, c, tags);
      if (!cond) return { items: [] };
      const dir = c.order === 'oldest' ? 'ASC' : 'DESC';
      // A rare tag's items by row id (NOT INDEXED: SQLite has no counts to weigh the order index against them).
      const rows = await db.all(
        `SELECT ${infoColumns} FROM engram_content_items c${tags?.byRowIds ? ' NOT INDEXED' : ''} WHERE ${cond.sql} ORDER BY c.ts ${dir}, c.id ${dir} LIMIT ?`,
        [...cond.args, c.limit + 1],
      );
      const items = rows.slice(0, c.limit).map(toInfo);
      const last = items.at(-1);
      return rows.length > c.limit && last
        ? { items, nextCursor: encodeCursor(last.timestamp.getTime(), last.id) }
        : { items };
    },
    deleteItem: (scope, space, id) => {
      return db.write(async (tx) => (await deleteItems(tx, scope, space, id)) > 0);
    },
    clearItems: (scope, space) => {
      return db.write((tx) => deleteItems(tx, scope, space));
    },
    replaceItems: (scope, space, items) => {
      return db.write(async (tx) => {
        await deleteItems(tx, scope, space);
        for (const item of items) await insertItem(tx, scope, space, item);
      });
    },
    transaction: (work) => db.write((tx) => work(createLibsqlContentDriver(tx))),
  };
}
