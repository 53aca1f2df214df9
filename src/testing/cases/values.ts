import type { JSONValue, ModelMessage } from 'ai';
import fc from 'fast-check';
import { expect } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { expectMemoryError } from '../fixtures.ts';
import type { StoreCase, StoreCaseContext } from '../store-case.ts';

/** One token per message: these cases check values, not counts. */
const unitCounter: TokenCounter = { encoding: 'unit', countText: () => 1, count: () => 1 };
const at = new Date('2024-01-02T03:04:05.006Z');

/** `depth` objects nested in each other: `{ a: { a: … 1 } }`. */
export function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** The path an engram error names: `InvalidValueError.path`, or the first `InvalidMessageError` issue's path. */
export function errorPath(error: unknown): string | undefined {
  if (!MemoryError.isInstance(error)) return undefined;
  const e = error as MemoryError & { path?: unknown; issues?: readonly { path?: unknown }[] };
  const path = typeof e.path === 'string' ? e.path : e.issues?.[0]?.path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

/** Awaits a write that must be refused with an engram error naming a path that contains `where`. */
async function expectRefused(call: Promise<unknown>, where: string): Promise<void> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a refusal naming ${where}`).toBeDefined();
  expect(MemoryError.isInstance(error), String(error)).toBe(true);
  expect(errorPath(error), String(error)).toContain(where);
}

/**
 * What a store promises to hand back for an accepted value: the same data, with `undefined` object members
 * left out, objects as plain objects and bytes as `Uint8Array` (the rule's only normalisations).
 */
export function readBackForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readBackForm);
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof URL)
    return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    Object.defineProperty(out, key, {
      value: readBackForm(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Leaves no JSON keeps as it is, and some it keeps (for the accepted side of the property). */
const oddLeaves: fc.Arbitrary<unknown>[] = [
  fc.constantFrom<unknown>(-0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined),
  fc.constantFrom<unknown>(new Date(Number.NaN), Symbol('s'), 10n, () => 1, new Map([[1, 2]]), new Set([1])),
  fc.date(),
  fc.func(fc.integer()),
];

/** Arbitrary values: fast-check `anything()` with every option on, odd leaves, deep nesting, `__proto__` keys. */
export const arbStoredValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'toJSON', '$date', '$esc', 'constructor')),
    values: [
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.string({ unit: 'binary' }),
      fc.constant(null),
      ...oddLeaves,
    ],
    maxDepth: 3,
    maxKeys: 4,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withObjectString: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
  }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 96, max: 104 }).map(nested),
  fc.constantFrom<unknown>(
    JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'),
    JSON.parse('[{"__proto__": null}]'),
    [1, undefined],
    Object.assign([1, 2], { extra: 3 }),
    { toJSON: 'not a function' },
    nested(5000),
  ),
);

/** One write of the property and the check that must hold after it: now, and again after a reopen. */
interface Written {
  kind: string;
  check: (store: MemoryStoreV1) => Promise<void>;
}

/** Puts `value` through every value-taking write; returns the checks that must hold now and after a reopen. */
async function writeEverywhere(
  store: MemoryStoreV1,
  s: Scope,
  n: number,
  value: unknown,
): Promise<Written[]> {
  const written: Written[] = [];
  /**
   * Runs a write; accepted values must read back as `readBackForm`, refusals must name a path and leave what
   * was stored as it was. The check that holds is run now and, unless `later` is false, again after the reopen.
   */
  const attempt = async <T>(
    kind: string,
    write: () => Promise<T>,
    onAccepted: (result: T) => Written['check'],
    onRefused: Written['check'],
    later = true,
  ) => {
    let check: Written['check'];
    try {
      check = onAccepted(await write());
    } catch (error) {
      expect(errorPath(error), `${kind}: ${String(error)}`).toBeDefined();
      check = onRefused;
    }
    await check(store);
    if (later) written.push({ kind, check });
  };

  // Messages through store.append (the codec's domain) and ConversationMemory.append (JSON fields).
  const log = `log-${n}`;
  await store.createSession(s, { id: log });
  const base = { role: 'user', content: 'x', createdAt: at } as const;
  const assistant = (input: unknown) =>
    ({
      role: 'assistant',
      createdAt: at,
      content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }],
    }) as const;
  const messages: [string, Record<string, unknown>][] = [
    ['metadata', { ...base, metadata: { v: value } }],
    ['extra key', { ...base, extra: value }],
    ['tool input', assistant(value)],
  ];
  const stored: { id: string; want: unknown }[] = [];
  const logHolds = (expected: { id: string; want: unknown }[]) => async (st: MemoryStoreV1) => {
    const entries = await st.readRange(s, log);
    expect(entries.map((e) => e.message.id)).toEqual(expected.map((e) => e.id));
    for (const [i, e] of entries.entries())
      expect(e.message, expected[i]!.id).toStrictEqual(expected[i]!.want);
  };
  for (const [label, shape] of messages) {
    const message = { ...shape, id: `m${n}-${stored.length}-s` } as unknown as MemoryMessage;
    const before = [...stored];
    await attempt(
      `store.append ${label}`,
      () => store.append(s, log, [{ message, tokens: 1 }]),
      () => {
        stored.push({ id: message.id, want: readBackForm(message) });
        return logHolds([...stored]);
      },
      logHolds(before),
      false,
    );
    const memory = createConversationMemory({ store, scope: s, sessionId: log, counter: unitCounter });
    const before2 = [...stored];
    await attempt(
      `ConversationMemory.append ${label}`,
      () => memory.append(shape as unknown as ModelMessage),
      ([m]) => {
        stored.push({ id: m!.id, want: readBackForm({ ...shape, id: m!.id, createdAt: m!.createdAt }) });
        return logHolds([...stored]);
      },
      logHolds(before2),
      false,
    );
  }
  written.push({ kind: 'the log', check: logHolds([...stored]) });

  // Session metadata: a new session, and an update of one that holds `before`.
  const fresh = `fresh-${n}`;
  await attempt(
    'createSession metadata',
    () => store.createSession(s, { id: fresh, metadata: { v: value } as Record<string, JSONValue> }),
    () => async (st) =>
      expect((await st.getSession(s, fresh))?.metadata).toStrictEqual(readBackForm({ v: value })),
    async (st) => expect(await st.getSession(s, fresh)).toBeUndefined(),
  );
  const meta = `meta-${n}`;
  await store.createSession(s, { id: meta, metadata: { v: 'before' } });
  await attempt(
    'updateSession metadata',
    () => store.updateSession(s, meta, { v: value } as Record<string, JSONValue>),
    () => async (st) =>
      expect((await st.getSession(s, meta))?.metadata).toStrictEqual(readBackForm({ v: value })),
    async (st) => expect((await st.getSession(s, meta))?.metadata).toStrictEqual({ v: 'before' }),
  );

  // Component state and artifact data, each over a value written before.
  const key = `state-${n}`;
  await store.putState(s, key, 'before');
  await attempt(
    'putState',
    () => store.putState(s, key, value as JSONValue),
    () => async (st) => expect(await st.getState(s, key)).toStrictEqual(readBackForm(value)),
    async (st) => expect(await st.getState(s, key)).toBe('before'),
  );
  const artifact = { id: `a-${n}`, kind: 'k', fromSeq: 0, toSeq: 0 };
  await store.putArtifact(s, meta, { ...artifact, data: 'before' });
  await attempt(
    'putArtifact',
    () => store.putArtifact(s, meta, { ...artifact, data: value as JSONValue }),
    () => async (st) => expect((await st.listArtifacts(s, meta))[0]?.data).toStrictEqual(readBackForm(value)),
    async (st) => expect((await st.listArtifacts(s, meta))[0]?.data).toBe('before'),
  );
  return written;
}

/** The stored-value rule: whatever is stored reads back identical, on every driver, before and after a reopen. */
export const valueCases: StoreCase[] = [
  {
    name: 'values: a BigInt, an invalid Date or 5,000-deep nesting in a message is a typed error naming the path',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'v' });
      const memory = createConversationMemory({ store, scope: s, sessionId: 'v', counter: unitCounter });
      const message = (extra: Record<string, unknown>) =>
        ({ id: `m-${Math.random()}`, role: 'user', content: 'x', createdAt: at, ...extra }) as MemoryMessage;
      const bad: [string, Record<string, unknown>][] = [
        ['metadata.n', { metadata: { n: 10n } }],
        ['createdAt', { createdAt: new Date(Number.NaN) }],
        ['metadata.deep', { metadata: { deep: nested(5000) } }],
        ['metadata.f', { metadata: { f: () => 1 } }],
        ['metadata.m', { metadata: { m: new Map() } }],
      ];
      for (const [path, extra] of bad) {
        await expectRefused(store.append(s, 'v', [{ message: message(extra), tokens: 1 }]), path);
        await expectRefused(memory.append({ role: 'user', content: 'x', ...extra } as ModelMessage), path);
      }
      const call = (input: unknown) =>
        ({
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }],
        }) as ModelMessage;
      await expectRefused(memory.append(call({ q: nested(5000) })), 'content[0].input.q');
      await expectRefused(memory.append(call({ n: 1n })), 'content[0].input.n');
      await expectRefused(
        store.append(s, 'v', [{ message: { ...message({}), ...call({ q: nested(5000) }) }, tokens: 1 }]),
        'content[0].input.q',
      );
      expect(await store.stats(s, 'v')).toMatchObject({ count: 0, lastSeq: 0 });
    },
  },
  {
    name: 'values: NaN, ±Infinity, -0, functions and Maps through ConversationMemory are refused, not changed',
    async run({ store, scope }) {
      const s = scope();
      const memory = createConversationMemory({ store, scope: s, sessionId: 'nan', counter: unitCounter });
      const call = (input: unknown, extra: Record<string, unknown> = {}) =>
        ({
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }],
          ...extra,
        }) as ModelMessage;
      for (const v of [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        -0,
        () => 1,
        new Map([[1, 2]]),
      ]) {
        await expectRefused(memory.append(call({ v })), 'content[0].input.v');
        await expectRefused(memory.append(call({}, { extra: { v } })), 'extra.v');
        await expectRefused(memory.append({ role: 'user', content: 'x', extra: v } as ModelMessage), 'extra');
      }
      expect(await memory.read()).toEqual([]);
    },
  },
  {
    name: 'values: session metadata, state and artifact data that JSON would change are refused naming the path',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'kept', metadata: { v: 'before' } });
      await store.putState(s, 'k', 'before');
      await store.putArtifact(s, 'kept', { id: 'a', kind: 'k', fromSeq: 0, toSeq: 0, data: 'before' });
      for (const v of [
        10n,
        Number.NaN,
        -0,
        () => 1,
        new Map(),
        new Date(),
        nested(5000),
      ] as unknown as JSONValue[]) {
        await expectRefused(store.createSession(s, { id: 'new', metadata: { v } }), 'metadata.v');
        await expectRefused(store.updateSession(s, 'kept', { v }), 'metadata.v');
        await expectRefused(store.putState(s, 'k', { v }), 'state.v');
        await expectRefused(
          store.putArtifact(s, 'kept', { id: 'a', kind: 'k', fromSeq: 0, toSeq: 0, data: { v } }),
          'artifact.data.v',
        );
      }
      expect(await store.getSession(s, 'new')).toBeUndefined();
      expect((await store.getSession(s, 'kept'))?.metadata).toEqual({ v: 'before' });
      expect(await store.getState(s, 'k')).toBe('before');
      expect((await store.listArtifacts(s, 'kept')).map((a) => a.data)).toEqual(['before']);
      await expectMemoryError(store.putState(s, 'k', undefined as never), 'INVALID_ARGUMENT');
    },
  },
  {
    name: 'values: property — every value-taking write reads back identical before and after a reopen, or is refused naming a path and changes nothing',
    needsReopen: true,
    async run(t: StoreCaseContext) {
      const s = t.scope({ user: 'u' });
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(arbStoredValue, { minLength: 1, maxLength: 2 }), async (values) => {
          const checks: Written[] = [];
          for (const value of values) checks.push(...(await writeEverywhere(t.store, s, n++, value)));
          const reopened = await t.reopen();
          for (const c of checks) await c.check(reopened);
        }),
        { numRuns: 20 },
      );
    },
  },
];
