import { planTagQuery, tagRowsReadFirst } from '../../content/tag-query-plan.ts';
import type { Scope } from '../../core/scope.ts';
import type { SqlClient } from './sql-client.ts';
import { queryGet, queryRun } from './sql-exec.ts';
import { joinSql, type SqlFragment, sql } from './sql-fragment.ts';
import { ownerWhere } from './sql-view.ts';

/**
 * Content items by tag (`engram_content_tags`, schema 21): a row per (item, tag), keyed by owner, space and tag,
 * written with the item and deleted with it, so a query by tag reads the rows of its tags instead of every item of
 * the space.
 */

/** How a query by tag reads: its condition, and whether the items are read by the row ids the condition lists. */
export interface TagPlan {
  /** A condition on `engram_content_items` (unqualified columns). */
  condition: SqlFragment;
  /** Whether to read the items by row id (the dialect's `byRowIds`): a rare tag's rows are read first. */
  byRowIds: boolean;
}

/**
 * The condition on `engram_content_items` that the item carries any of `tags` (never empty), or all of them (`mode`
 * `all`), as `planTagQuery` plans it from bounded counts of the tags' rows: a rare tag's items read by row id, or
 * the space walked in its order with each item's tags checked by key.
 */
export async function tagPlan(
  client: SqlClient,
  scope: Scope,
  space: string,
  tags: readonly string[],
  mode: 'any' | 'all',
): Promise<TagPlan> {
  const owned = sql`${ownerWhere(scope)} AND space = ${space}`;
  const plan = await planTagQuery(tags, mode, async (some) =>
    Number(
      (
        await queryGet(
          client,
          sql`SELECT count(*) AS n FROM (SELECT 1 FROM engram_content_tags WHERE ${owned} AND tag IN (${joinSql(some)}) LIMIT ${tagRowsReadFirst}) r`,
        )
      )?.n ?? 0,
    ),
  );
  // An item's tag rows by key, the outer table's columns qualified by its name.
  const carries = (some: readonly string[]) =>
    sql`EXISTS (SELECT 1 FROM engram_content_tags t WHERE t.tenant = engram_content_items.tenant AND t.user_id = engram_content_items.user_id AND t.agent_id = engram_content_items.agent_id AND t.space = engram_content_items.space AND t.tag IN (${joinSql(some)}) AND t.rid = engram_content_items.rid)`;
  const parts = plan.checked.map(carries);
  if (plan.readBy)
    parts.unshift(
      sql`rid IN (SELECT rid FROM engram_content_tags WHERE ${owned} AND tag IN (${joinSql(plan.readBy)}))`,
    );
  return { condition: joinSql(parts, ' AND '), byRowIds: plan.readBy !== undefined };
}

/** Writes the tag rows of the item just inserted as row `rid` (its tags hold no repeat: the item's check drops them). */
export async function insertTags(
  tx: SqlClient,
  scope: Scope,
  space: string,
  rid: number,
  tags: readonly string[],
): Promise<void> {
  if (tags.length === 0) return;
  const rows = tags.map(
    (tag) => sql`(${scope.tenant}, ${scope.user ?? ''}, ${scope.agent ?? ''}, ${space}, ${tag}, ${rid})`,
  );
  await queryRun(
    tx,
    sql`INSERT INTO engram_content_tags (tenant, user_id, agent_id, space, tag, rid) VALUES ${joinSql(rows)}`,
  );
}

/** Deletes the tag rows of the items the condition `items` (on `engram_content_items`) selects, before they are deleted. */
export async function deleteTags(tx: SqlClient, items: SqlFragment): Promise<void> {
  await queryRun(
    tx,
    sql`DELETE FROM engram_content_tags WHERE rid IN (SELECT rid FROM engram_content_items WHERE ${items})`,
  );
}
