import type { LogEntry } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';
import type { RangeQuery, SearchHit } from '../../src/store/memory-store.ts';
import {
  type Expected,
  type IsolationModel,
  type ModelRow,
  stableMessageJson,
  visibleTo,
} from './isolation-model.ts';

/** What the model predicts for read-only store calls (the model never changes here). */

/** `readRange` on the model. */
export function modelReadRange(
  model: IsolationModel,
  scope: Scope,
  sessionId: string,
  q: RangeQuery,
): Expected<ModelRow[]> {
  const s = model.find(scope, sessionId);
  if (!s) return { error: 'SESSION_NOT_FOUND' };
  const from = q.fromSeq ?? 1;
  const to = q.toSeq ?? Number.POSITIVE_INFINITY;
  const roles = q.roles ? new Set(q.roles) : undefined;
  const all = model.visible(s).filter((r) => r.seq >= from && r.seq <= to && (!roles || roles.has(r.role)));
  if (q.limit === undefined) return { ok: all };
  return {
    ok: q.direction === 'backward' ? all.slice(Math.max(0, all.length - q.limit)) : all.slice(0, q.limit),
  };
}

/** `getMessages` on the model. */
export function modelGetMessages(
  model: IsolationModel,
  scope: Scope,
  sessionId: string,
  ids: readonly string[],
): Expected<ModelRow[]> {
  const s = model.find(scope, sessionId);
  if (!s) return { error: 'SESSION_NOT_FOUND' };
  const wanted = new Set(ids);
  return { ok: model.visible(s).filter((r) => wanted.has(r.id)) };
}

/** A search hit as `user|session|seq|id`. */
export interface ModelHit {
  key: string;
  row: ModelRow;
}

/** Every live message the scope can search, keyed `user|session|seq|id` (the universe search hits must come from). */
export function modelSearchUniverse(
  model: IsolationModel,
  scope: Scope,
  sessionId?: string,
): Expected<ModelHit[]> {
  let sessions = [...model.sessions.values()].filter((s) => visibleTo(s, scope));
  if (sessionId !== undefined) {
    const s = model.find(scope, sessionId);
    if (!s) return { error: 'SESSION_NOT_FOUND' };
    sessions = [s];
  }
  const out: ModelHit[] = [];
  for (const s of sessions)
    for (const row of model.visible(s))
      out.push({ key: `${s.user ?? '-'}|${s.id}|${row.seq}|${row.id}`, row });
  return { ok: out };
}

/** The comparable form of a log entry. */
export function entryKey(e: LogEntry): string {
  return `${e.seq}|${e.message.id}|${e.tokens}|${stableMessageJson(e.message)}`;
}

/** The comparable form of a model row. */
export function rowKey(r: ModelRow): string {
  return `${r.seq}|${r.id}|${r.tokens}|${r.json}`;
}

/** The comparable form of a search hit (`user|session|seq|id`, the owner from `h.scope`) and its content. */
export function hitKey(h: SearchHit): { key: string; json: string } {
  return {
    key: `${h.scope.user ?? '-'}|${h.sessionId}|${h.entry.seq}|${h.entry.message.id}`,
    json: stableMessageJson(h.entry.message),
  };
}
