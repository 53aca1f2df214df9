import { planTagQuery, tagRowsReadFirst } from '../../content/tag-query-plan.ts';
import type { Scope } from '../../core/scope.ts';
import type { SqlClient } from './sql-client.ts';
import { queryGet } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { ownerWhere } from './sql-view.ts';

/**
 * Content items by tag (`engram_content_tags`, schema 21): a row per (item, tag), keyed by owner, space and tag,
 * kept by triggers on `engram_content_items` (written and deleted in the statement that inserts or deletes the
 * item, by any process, an older engram's included), so a query by tag reads the rows of its tags instead of every
 * item of the space.
 */

/** How a query by tag reads: its condition, and whether the items are read by the row ids the condition lists. */
export interface TagPlan {
  /** A condition on `engram_content_items` (unqualified columns). */
  condition: SqlFragment;
  /** Whether to read the items by row id (the dialect's `byRowIds`): a rare tag's rows are read first. */
  byRowIds: boolean;
}

/** An item's tag rows (the outer `engram_content_items` row's key), for the conditions below. */
const itemRows = raw(
  'engram_content_tags t WHERE t.tenant = engram_content_items.tenant AND t.user_id = engram_content_items.user_id AND t.agent_id = engram_content_items.agent_id AND t.space = engram_content_items.space AND t.rid = engram_content_items.rid',
);

/**
 * The condition on `engram_content_items` that the item carries any of `tags` (never empty), or all of them (`mode`
 * `all`), as `planTagQuery` plans it from bounded counts of the tags' rows: a rare tag's items read by row id, or
 * the space walked in its order with each item's tags checked by key. Every one of several tags is one count of
 * the item's rows among them (a row per item and tag), not an EXISTS a tag: PostgreSQL pulls each EXISTS up into a
 * join and plans their order (1.5 s of planning for 80 tags), and SQLite refuses a chain of 1,000 ANDs.
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
  const parts: SqlFragment[] = [];
  if (plan.readBy)
    parts.push(
      sql`rid IN (SELECT rid FROM engram_content_tags WHERE ${owned} AND tag IN (${joinSql(plan.readBy)}))`,
    );
  if (plan.anyOf) parts.push(sql`EXISTS (SELECT 1 FROM ${itemRows} AND t.tag IN (${joinSql(plan.anyOf)}))`);
  if (plan.allOf)
    parts.push(
      plan.allOf.length === 1
        ? sql`EXISTS (SELECT 1 FROM ${itemRows} AND t.tag = ${plan.allOf[0]})`
        : sql`(SELECT count(*) FROM ${itemRows} AND t.tag IN (${joinSql(plan.allOf)})) = ${plan.allOf.length}`,
    );
  return { condition: joinSql(parts, ' AND '), byRowIds: plan.readBy !== undefined };
}
