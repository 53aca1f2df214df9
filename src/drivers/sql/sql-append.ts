import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { messageText } from '../../messages/serialize.ts';
import { checkAppendCondition } from '../../store/check-inputs.ts';
import type { AppendInput, AppendOptions } from '../../store/memory-store.ts';
import { storedCopy } from '../../store/stored-copy.ts';
import type { SqlClient, SqlDialect, SqlRow } from './sql-client.ts';
import { toEntry } from './sql-rows.ts';

/** One append input, serialized once. */
export interface PreparedAppend {
  /** The input as given. */
  input: AppendInput;
  /** Its message, serialized. */
  json: string;
}

/** A batch's distinct inputs (the same message twice is one entry) and, per input, its slot among them. */
export interface DistinctInputs {
  /** The inputs with distinct ids, first occurrence first. */
  distinct: PreparedAppend[];
  /** For each input, the index of its entry in `distinct`. */
  order: number[];
}

/**
 * Drops repeats of an id within a batch: an identical repeat maps to the first occurrence's entry. Undefined
 * when the batch holds two different messages under one id (the general path reports that).
 */
export function distinctInputs(prepared: readonly PreparedAppend[]): DistinctInputs | undefined {
  const slots = new Map<string, { json: string; slot: number }>();
  const distinct: PreparedAppend[] = [];
  const order: number[] = [];
  for (const p of prepared) {
    const id = p.input.message.id;
    const prior = slots.get(id);
    if (prior) {
      if (prior.json !== p.json) return undefined;
      order.push(prior.slot);
      continue;
    }
    slots.set(id, { json: p.json, slot: distinct.length });
    order.push(distinct.length);
    distinct.push(p);
  }
  return { distinct, order };
}

/** A message's `created_at` (its `createdAt`, or `now` when that is not a valid date) and full-text `text` column. */
export function rowColumns(d: SqlDialect, p: PreparedAppend, now: number): { created: number; text: string } {
  const message = p.input.message;
  const created = message.createdAt instanceof Date ? message.createdAt.getTime() : Number.NaN;
  const at = Number.isFinite(created) ? created : now;
  if (!d.messageSearch.rowText) return { created: at, text: '' };
  const text = messageText(message);
  return { created: at, text: d.indexText?.(text) ?? text };
}

/** The hot append statements of one dialect, compiled once. */
interface AppendSql {
  counter: string;
  insert: string;
  existing: string;
  undo: string;
}

const compiled = new WeakMap<SqlDialect, AppendSql>();

/** Numbered placeholders `first`…`first + count - 1`, comma-separated. */
const params = (d: SqlDialect, first: number, count: number) =>
  Array.from({ length: count }, (_, i) => d.placeholder(first + i)).join(', ');

function appendSql(d: SqlDialect): AppendSql {
  let s = compiled.get(d);
  if (!s) {
    const p = (i: number) => d.placeholder(i);
    s = {
      // Reserves n seqs in the root session owned by exactly the scope; parameters in text order (SQLite's `?`
      // are positional): n, n, tokens, now, tenant, user, agent (`''` for none), session id, and the most
      // tokens the session may already hold (so its total stays a safe integer).
      counter: `UPDATE engram_sessions SET last_seq = last_seq + ${p(1)}, live_count = live_count + ${p(2)}, live_tokens = live_tokens + ${p(3)}, updated_at = ${p(4)} WHERE tenant = ${p(5)} AND user_id = ${p(6)} AND agent_id = ${p(7)} AND id = ${p(8)} AND parent_id IS NULL AND live_tokens <= ${p(9)} RETURNING tenant, log_id, last_seq`,
      // The partial unique index on live ids decides idempotency: a conflict inserts nothing (no error, so a
      // PostgreSQL transaction stays usable; no row changed) and the caller compares the stored row. No
      // RETURNING: the changed-row count says whether the row went in (SQLite's RETURNING costs a step more).
      insert: `INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES (${params(d, 1, 7)}, ${d.false}, ${p(8)}, ${p(9)}) ON CONFLICT (tenant, session_id, message_id) WHERE deleted = ${d.false} DO NOTHING`,
      existing: `SELECT m.seq, m.body, m.tokens FROM engram_messages m WHERE m.tenant = ${p(1)} AND m.session_id = ${p(2)} AND m.message_id = ${p(3)} AND m.deleted = ${d.false}`,
      undo: `UPDATE engram_sessions SET last_seq = last_seq - ${p(1)}, live_count = live_count - ${p(2)}, live_tokens = live_tokens - ${p(3)} WHERE tenant = ${p(4)} AND log_id = ${p(5)}`,
    };
    compiled.set(d, s);
  }
  return s;
}

/**
 * The fast append into a root session (no fork ancestry), in the caller's write transaction: one UPDATE
 * checks the session's scope and reserves `n` seqs, then each row is inserted with `ON CONFLICT … DO
 * NOTHING`; a conflict (a live row with that id) is looked up to tell an idempotent re-append from a
 * `DuplicateMessageIdError`, and unused seqs are given back so the sequence stays gapless. Returns
 * undefined, having changed nothing, when the scope sees no such root session (missing, or a fork), or when
 * the batch could take its token total past `Number.MAX_SAFE_INTEGER` (the general path decides).
 * `prepared` must have distinct ids. With `condition` (a conditional append, `AppendOptions`) it throws `CONFLICT`
 * unless the session's `last_seq` before the UPDATE was `ifLastSeq` and its `log_id` is `ifLogId` (each when set):
 * the UPDATE's RETURNING reads them with the row locked, the latest committed values even under PostgreSQL's READ
 * COMMITTED, and the throw rolls the transaction back. (A missing session returns undefined: the general path
 * reports it, `CONFLICT` with `ifLogId`.)
 */
export async function appendToRoot(
  tx: SqlClient,
  component: string,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedAppend[],
  condition?: AppendOptions,
): Promise<LogEntry[] | undefined> {
  const d = tx.dialect;
  const s = appendSql(d);
  const n = prepared.length;
  const now = Date.now();
  let tokens = 0;
  for (const p of prepared) tokens += p.input.tokens;
  const row: SqlRow | undefined = await tx.get(s.counter, [
    n,
    n,
    tokens,
    now,
    scope.tenant,
    scope.user ?? '',
    scope.agent ?? '',
    sessionId,
    Number.MAX_SAFE_INTEGER - tokens,
  ]);
  if (!row) return undefined;
  const tenant = String(row.tenant);
  const log = String(row.log_id);
  let seq = Number(row.last_seq) - n;
  checkAppendCondition({ lastSeq: seq, logId: log }, condition, sessionId, component);
  let skipped = 0;
  let skippedTokens = 0;
  const entries: LogEntry[] = [];
  for (const p of prepared) {
    const { input, json } = p;
    const message = input.message;
    const { created, text } = rowColumns(d, p, now);
    const { changes } = await tx.run(s.insert, [
      tenant,
      log,
      seq + 1,
      message.id,
      message.role,
      created,
      input.tokens,
      json,
      text,
    ]);
    if (changes > 0) {
      seq += 1;
      entries.push(Object.freeze({ seq, message: storedCopy(message, json), tokens: input.tokens }));
      continue;
    }
    const prior = await tx.get(s.existing, [tenant, log, message.id]);
    if (!prior || String(prior.body) !== json)
      throw new DuplicateMessageIdError({ messageId: message.id, component });
    entries.push(toEntry(prior));
    skipped += 1;
    skippedTokens += input.tokens;
  }
  if (skipped > 0) await tx.run(s.undo, [skipped, skipped, skippedTokens, tenant, log]);
  return entries;
}
