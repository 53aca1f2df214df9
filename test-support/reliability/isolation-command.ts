import type { AsyncCommand } from 'fast-check';
import { expect } from 'vitest';
import { MemoryError } from '../../src/core/errors/memory-error.ts';
import type { MemoryMessage } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';
import { deserializeMessage } from '../../src/messages/serialize.ts';
import type { AppendInput, MemoryStoreV1 } from '../../src/store/memory-store.ts';
import {
  type Expected,
  type IsolationModel,
  isolationAgents,
  isolationSessionIds,
  isolationStateKeys,
  isolationTenants,
  isolationUsers,
  isolationWords,
  type ModelSession,
  stableJson,
  visibleTo,
} from './isolation-model.ts';
import type { AppendItem, Caller, IsolationOp } from './isolation-ops.ts';
import {
  entryKey,
  hitKey,
  modelGetMessages,
  modelReadRange,
  modelSearchUniverse,
  rowKey,
} from './isolation-reads.ts';

const baseTime = Date.UTC(2024, 0, 1);

function scopeOf(who: Caller): Scope {
  const user = isolationUsers[who.user];
  const tenant = isolationTenants[who.tenant]!;
  return user === undefined ? { tenant } : { tenant, user };
}

/**
 * The scope and session a command uses: 50% of the time an existing session as its exact owner, 10% its id
 * as the whole tenant (which lists it but does not own it), 20% its id as the caller `who` names (mostly
 * another tenant or user), else the raw ids of the op.
 */
function target(
  model: IsolationModel,
  op: IsolationOp,
): { scope: Scope; sid: string | undefined; s?: ModelSession } {
  let scope = scopeOf(op.who);
  const raw = 'session' in op && op.session !== undefined ? isolationSessionIds[op.session]! : undefined;
  const existing = [...model.sessions.values()];
  const r = op.who.aim % 10;
  if (existing.length === 0 || r >= 8) return { scope, sid: raw };
  const s = existing[Math.floor(op.who.aim / 10) % existing.length]!;
  if (r < 5) scope = s.user !== undefined ? { tenant: s.tenant, user: s.user } : { tenant: s.tenant };
  else if (r < 6) scope = { tenant: s.tenant };
  if (op.kind === 'createSession') return { scope, sid: raw, s };
  return { scope, sid: raw === undefined ? undefined : s.id, s };
}

/** The scope (with the op's agent) and key a state command uses. */
function stateTarget(
  op: Extract<IsolationOp, { kind: 'putState' | 'getState' | 'deleteState' }>,
  scope: Scope,
  aimed: ModelSession | undefined,
): { scope: Scope; key: string } {
  const agent = isolationAgents[op.state.agent];
  const key = op.state.aim && aimed ? `session:${aimed.id}:c` : isolationStateKeys[op.state.key]!;
  return { scope: agent === undefined ? scope : { ...scope, agent }, key };
}

/** Runs `call` and checks it fails exactly when the model says so, with the model's code; returns its value. */
async function against<T>(
  model: IsolationModel,
  label: string,
  expected: Expected<unknown>,
  call: () => Promise<T>,
): Promise<T | undefined> {
  let value: T;
  const kind = label.slice(0, label.indexOf(' '));
  try {
    value = await call();
  } catch (error) {
    if ('error' in expected && MemoryError.hasCode(error, expected.error)) {
      model.note(`${kind}:${expected.error}`);
      return undefined;
    }
    const want = 'error' in expected ? `error ${expected.error}` : 'success';
    throw new Error(`${label}: model expected ${want}, the store threw ${String(error)}`, { cause: error });
  }
  if ('error' in expected)
    throw new Error(`${label}: model expected error ${expected.error}, the store succeeded`);
  const empty = Array.isArray(value) && value.length === 0;
  model.note(`${kind}:${empty ? 'ok-empty' : 'ok'}`);
  return value;
}

/** The message an append item stands for, resolved against the model's current state. */
function resolveItem(
  model: IsolationModel,
  scope: Scope,
  s: ModelSession | undefined,
  item: AppendItem,
): AppendInput {
  const visible = s ? model.visible(s) : [];
  const words = item.words.map((w) => {
    const word = isolationWords[w]!;
    return item.upper ? word[0]!.toUpperCase() + word.slice(1) : word;
  });
  if ((item.mode === 'again' || item.mode === 'conflict') && visible.length > 0) {
    const row = visible[item.pick % visible.length]!;
    const message = deserializeMessage(row.wire);
    if (item.mode === 'again') return { message, tokens: row.tokens };
    return {
      message: { ...message, content: `${words.join(' ')} changed` } as MemoryMessage,
      tokens: row.tokens,
    };
  }
  let id: string | undefined;
  if (item.mode === 'foreign' && s) {
    const candidates = [...model.sessions.values()]
      .filter((o) => o.tenant === scope.tenant && o !== s)
      .flatMap((o) => o.own.map((r) => r.id))
      .filter((x) => model.lookup(s, x) === undefined);
    if (candidates.length > 0) id = candidates[item.pick % candidates.length];
  }
  id ??= model.nextMessageId(scope.tenant);
  const n = Number(id.slice(1)) || 0;
  const message = {
    role: item.role,
    content: `${words.join(' ')} ${scope.tenant} #${id}`,
    id,
    createdAt: new Date(baseTime + n * 1000),
  } as MemoryMessage;
  return { message, tokens: item.tokens };
}

/** One model-checked store call. */
export class IsolationCommand implements AsyncCommand<IsolationModel, MemoryStoreV1> {
  readonly op: IsolationOp;

  constructor(op: IsolationOp) {
    this.op = op;
  }

  check(): boolean {
    return true;
  }

  toString(): string {
    return JSON.stringify(this.op);
  }

  async run(model: IsolationModel, store: MemoryStoreV1): Promise<void> {
    model.commandsRun++;
    const op = this.op;
    const { scope, sid, s: aimed } = target(model, op);
    const label = `${op.kind} ${JSON.stringify(scope)} ${JSON.stringify(sid)} ${this.toString()}`;
    switch (op.kind) {
      case 'createSession': {
        const parent = aimed && aimed.tenant === scope.tenant ? aimed : undefined;
        const fork = op.fork && {
          parentId: parent?.id ?? isolationSessionIds[op.fork.parent]!,
          atSeq: parent ? (op.fork.at % (parent.lastSeq + 3)) - 1 : op.fork.at - 1,
        };
        const expected = model.createSession(scope, sid!, fork);
        const got = await against(model, label, expected, () =>
          store.createSession(scope, { id: sid!, ...(fork ? { fork } : {}) }),
        );
        if (got && 'ok' in expected) {
          const s = expected.ok;
          expect([got.id, got.scope.tenant, got.scope.user, got.parentId, got.forkedAtSeq], label).toEqual([
            s.id,
            s.tenant,
            s.user,
            s.parentId,
            s.forkedAtSeq,
          ]);
        }
        return;
      }
      case 'append': {
        const s = model.find(scope, sid!);
        const inputs = op.items.map((item) => resolveItem(model, scope, s, item));
        const expected = model.append(scope, sid!, inputs);
        const got = await against(model, label, expected, () => store.append(scope, sid!, inputs));
        if (got && 'ok' in expected) expect(got.map(entryKey), label).toEqual(expected.ok.map(rowKey));
        return;
      }
      case 'readRange': {
        const expected = modelReadRange(model, scope, sid!, op.query);
        const got = await against(model, label, expected, () => store.readRange(scope, sid!, op.query));
        if (got && 'ok' in expected) expect(got.map(entryKey), label).toEqual(expected.ok.map(rowKey));
        return;
      }
      case 'getMessages': {
        const s = model.find(scope, sid!);
        const visible = s ? model.visible(s) : [];
        const ids = [
          ...op.ids,
          ...(visible.length ? op.picks.map((p) => visible[p % visible.length]!.id) : []),
        ];
        const expected = modelGetMessages(model, scope, sid!, ids);
        const got = await against(model, label, expected, () => store.getMessages(scope, sid!, ids));
        if (got && 'ok' in expected) expect(got.map(entryKey), label).toEqual(expected.ok.map(rowKey));
        return;
      }
      case 'stats': {
        const expected = modelReadRange(model, scope, sid!, {});
        const got = await against(model, label, expected, () => store.stats(scope, sid!));
        if (got && 'ok' in expected) {
          const rows = expected.ok;
          const lastSeq = model.find(scope, sid!)!.lastSeq;
          const tokens = rows.reduce((t, r) => t + r.tokens, 0);
          expect(got, label).toMatchObject({ count: rows.length, tokens, lastSeq });
        }
        return;
      }
      case 'deleteMessages': {
        const s = model.find(scope, sid!);
        const visible = s ? model.visible(s) : [];
        const ids = [
          ...op.ids,
          ...(visible.length ? op.picks.map((p) => visible[p % visible.length]!.id) : []),
        ];
        const expected = model.deleteMessages(scope, sid!, ids);
        const got = await against(model, label, expected, () => store.deleteMessages(scope, sid!, ids));
        if (got !== undefined && 'ok' in expected) expect(got, label).toBe(expected.ok);
        return;
      }
      case 'clearMessages': {
        const s = model.find(scope, sid!);
        const ids = s ? model.visible(s).map((r) => r.id) : [];
        const expected = model.deleteMessages(scope, sid!, ids);
        const got = await against(model, label, expected, () => store.clearMessages(scope, sid!));
        if (got !== undefined && 'ok' in expected) expect(got, label).toBe(expected.ok);
        return;
      }
      case 'getSession': {
        const s = model.find(scope, sid!);
        const got = await store.getSession(scope, sid!);
        expect(
          got && [got.id, got.scope.tenant, got.scope.user, got.parentId, got.forkedAtSeq],
          label,
        ).toEqual(s && [s.id, s.tenant, s.user, s.parentId, s.forkedAtSeq]);
        return;
      }
      case 'deleteSession': {
        const expected = model.deleteSession(scope, sid!);
        await against(model, label, expected, () => store.deleteSession(scope, sid!));
        return;
      }
      case 'search': {
        const expected = modelSearchUniverse(model, scope, sid);
        const query = { text: op.text, limit: 1000, ...(sid !== undefined ? { sessionId: sid } : {}) };
        const got = await against(model, label, expected, () => store.searchMessages(scope, query));
        if (!got || !('ok' in expected)) return;
        for (const h of got) expect(h.scope.tenant, label).toBe(scope.tenant);
        const universe = new Map(expected.ok.map((h) => [h.key, h.row]));
        const hits = got.map(hitKey);
        for (const h of hits) {
          const row = universe.get(h.key);
          if (!row) throw new Error(`${label}: hit ${h.key} is not a live message the scope can see`);
          expect(h.json, label).toBe(row.json);
        }
        if (op.strict) {
          const word = op.text.toLowerCase();
          const want = expected.ok.filter((h) => h.row.text.toLowerCase().includes(word)).map((h) => h.key);
          expect(hits.map((h) => h.key).sort(), label).toEqual(want.sort());
        }
        return;
      }
      case 'listSessions': {
        const got = await store.listSessions(scope, op.limit === undefined ? {} : { limit: op.limit });
        const owned = (user: string | undefined, id: string) => `${user ?? '-'}|${id}`;
        const all = [...model.sessions.values()]
          .filter((s) => visibleTo(s, scope))
          .map((s) => owned(s.user, s.id));
        const ids = got.map((r) => owned(r.scope.user, r.id));
        for (const r of got) {
          const key = owned(r.scope.user, r.id);
          expect([r.scope.tenant, r.scope.agent, all.includes(key)], label).toEqual([
            scope.tenant,
            undefined,
            true,
          ]);
        }
        if (op.limit === undefined) expect(ids.sort(), label).toEqual(all.sort());
        else expect(new Set(ids).size, label).toBe(Math.min(op.limit, all.length));
        return;
      }
      case 'putState': {
        const st = stateTarget(op, scope, aimed);
        const at = `${label} state ${JSON.stringify(st)}`;
        const expected = model.putState(st.scope, st.key, op.value);
        await against(model, at, expected, () => store.putState(st.scope, st.key, op.value));
        return;
      }
      case 'getState': {
        const st = stateTarget(op, scope, aimed);
        const at = `${label} state ${JSON.stringify(st)}`;
        const expected = model.getState(st.scope, st.key);
        const got = await against(model, at, expected, () => store.getState(st.scope, st.key));
        if (!('ok' in expected)) return;
        model.note(`getState:${expected.ok === undefined ? 'absent' : 'found'}`);
        expect(got === undefined ? undefined : stableJson(got), at).toBe(
          expected.ok === undefined ? undefined : stableJson(expected.ok),
        );
        return;
      }
      case 'deleteState': {
        const st = stateTarget(op, scope, aimed);
        const at = `${label} state ${JSON.stringify(st)}`;
        const before = model.getState(st.scope, st.key);
        await against(model, at, before, () => store.deleteState(st.scope, st.key));
        model.deleteState(st.scope, st.key);
        return;
      }
      case 'putArtifact': {
        const s = model.find(scope, sid!);
        const expected: Expected<unknown> = s ? { ok: true } : { error: 'SESSION_NOT_FOUND' };
        const got = await against(model, label, expected, () => store.putArtifact(scope, sid!, op.artifact));
        if (!got || !s) return;
        s.artifacts.set(op.artifact.id, op.artifact);
        const { createdAt: _, ...rest } = got;
        expect(stableJson(rest), label).toBe(stableJson(op.artifact));
        return;
      }
      case 'listArtifacts': {
        const s = model.find(scope, sid!);
        const expected: Expected<unknown> = s ? { ok: true } : { error: 'SESSION_NOT_FOUND' };
        const got = await against(model, label, expected, () =>
          store.listArtifacts(scope, sid!, op.artifactKind),
        );
        if (!got || !s) return;
        const toSeqs = got.map((a) => a.toSeq);
        expect(toSeqs, `${label}: ordered by toSeq`).toEqual([...toSeqs].sort((a, b) => a - b));
        const key = (a: { toSeq: number; id: string }) => `${String(a.toSeq).padStart(4, '0')}|${a.id}`;
        const norm = (list: { toSeq: number; id: string }[]) =>
          list
            .map((a) => ({ key: key(a), json: stableJson({ ...a, createdAt: undefined }) }))
            .sort((x, y) => (x.key < y.key ? -1 : 1));
        const want = [...s.artifacts.values()].filter(
          (a) => op.artifactKind === undefined || a.kind === op.artifactKind,
        );
        expect(norm(got), label).toEqual(norm(want));
        return;
      }
      case 'deleteArtifact': {
        const s = model.find(scope, sid!);
        const expected: Expected<boolean> = s
          ? { ok: s.artifacts.has(op.id) }
          : { error: 'SESSION_NOT_FOUND' };
        const got = await against(model, label, expected, () => store.deleteArtifact(scope, sid!, op.id));
        if (got === undefined || !s || !('ok' in expected)) return;
        expect(got, label).toBe(expected.ok);
        s.artifacts.delete(op.id);
        return;
      }
    }
  }
}
