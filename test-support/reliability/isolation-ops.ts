import type { JSONValue } from 'ai';
import fc from 'fast-check';
import type { MessageRole } from '../../src/core/message.ts';
import type { RangeQuery } from '../../src/store/memory-store.ts';
import {
  isolationAgents,
  isolationSessionIds,
  isolationStateKeys,
  isolationTenants,
  isolationUsers,
  isolationWords,
} from './isolation-model.ts';

/**
 * Who calls: indexes into {@link isolationTenants} and {@link isolationUsers}, and `aim`, which at run time
 * mostly redirects the call to an existing session (as its owner, or as whoever `tenant`/`user` name), so
 * runs spend their commands on live data and on cross-tenant attempts at real ids.
 */
export interface Caller {
  tenant: number;
  user: number;
  aim: number;
}

/** How one message of an append batch is chosen. */
export interface AppendItem {
  /** fresh id; identical re-append of a visible id; changed content under a visible id; an id of another session. */
  mode: 'fresh' | 'again' | 'conflict' | 'foreign';
  pick: number;
  role: 'user' | 'assistant' | 'system';
  words: number[];
  upper: boolean;
  tokens: number;
}

/**
 * Which state a state command uses: `key` indexes {@link isolationStateKeys}, or with `aim` the key
 * `session:<id>:c` of the session the command aims at; `agent` indexes {@link isolationAgents} and is added to
 * the caller's scope (so state runs under tenant, user and agent scopes).
 */
export interface StateTarget {
  key: number;
  aim: boolean;
  agent: number;
}

/** One operation of the isolation model run. */
export type IsolationOp =
  | { kind: 'createSession'; who: Caller; session: number; fork?: { parent: number; at: number } }
  | { kind: 'append'; who: Caller; session: number; items: AppendItem[] }
  | { kind: 'readRange'; who: Caller; session: number; query: RangeQuery }
  | { kind: 'getMessages'; who: Caller; session: number; picks: number[]; ids: string[] }
  | { kind: 'stats' | 'clearMessages' | 'getSession' | 'deleteSession'; who: Caller; session: number }
  | { kind: 'deleteMessages'; who: Caller; session: number; picks: number[]; ids: string[] }
  | { kind: 'search'; who: Caller; session?: number; text: string; strict: boolean }
  | { kind: 'listSessions'; who: Caller; limit?: number }
  | { kind: 'putState'; who: Caller; state: StateTarget; value: JSONValue }
  | { kind: 'getState' | 'deleteState'; who: Caller; state: StateTarget }
  | {
      kind: 'putArtifact';
      who: Caller;
      session: number;
      artifact: { id: string; kind: string; fromSeq: number; toSeq: number; data: JSONValue };
    }
  | { kind: 'listArtifacts'; who: Caller; session: number; artifactKind?: string }
  | { kind: 'deleteArtifact'; who: Caller; session: number; id: string };

const who: fc.Arbitrary<Caller> = fc.record({
  tenant: fc.nat({ max: isolationTenants.length - 1 }),
  user: fc.nat({ max: isolationUsers.length - 1 }),
  aim: fc.nat(),
});
const session = fc.nat({ max: isolationSessionIds.length - 1 });
const messageId = fc.nat({ max: 40 }).map((n) => `m${n}`);
const artifactId = fc.constantFrom('a', 'a%', 'A', 'a_');
const artifactKind = fc.constantFrom('summary', 'offload', 'summary%');
const small = fc.nat({ max: 12 });
const jsonData: fc.Arbitrary<JSONValue> = fc.oneof(
  fc.record({ n: fc.integer(), s: fc.string({ maxLength: 8 }) }),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer({ min: -9, max: 9 }), { maxLength: 3 }),
  fc.constant(null),
);
/** Queries that must match whole words exactly (compared against the model). */
const strictQuery = fc.constantFrom(...isolationWords);
/** Queries full of wildcard and syntax characters (only checked for isolation). */
const hostileQuery = fc.constantFrom(
  'acme%',
  'acme_',
  '%',
  '_',
  'a:b',
  'a\\b',
  '"apple',
  "' OR 1=1 --",
  'apple OR banana',
  'apple*',
  'ACME',
  'm1',
);
const stateTarget: fc.Arbitrary<StateTarget> = fc.record({
  key: fc.nat({ max: isolationStateKeys.length - 1 }),
  aim: fc.boolean(),
  agent: fc.nat({ max: isolationAgents.length - 1 }),
});
const roles = fc.constantFrom<MessageRole[] | undefined>(undefined, ['user'], ['assistant', 'system'], []);

const appendItem: fc.Arbitrary<AppendItem> = fc.record({
  mode: fc.constantFrom<AppendItem['mode'][]>(
    'fresh',
    'fresh',
    'fresh',
    'fresh',
    'again',
    'conflict',
    'foreign',
  ),
  pick: fc.nat(),
  role: fc.constantFrom<AppendItem['role'][]>('user', 'user', 'assistant', 'system'),
  words: fc.array(fc.nat({ max: isolationWords.length - 1 }), { minLength: 1, maxLength: 3 }),
  upper: fc.boolean(),
  tokens: fc.nat({ max: 50 }),
});

const rangeQuery: fc.Arbitrary<RangeQuery> = fc.record(
  {
    fromSeq: small,
    toSeq: small,
    limit: fc.nat({ max: 6 }),
    direction: fc.constantFrom<('forward' | 'backward')[]>('forward', 'backward'),
    roles,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<RangeQuery>;

/** Weighted arbitraries of every operation (repeats weight the common ones). */
export const isolationOpArbitraries: fc.Arbitrary<IsolationOp>[] = [
  fc.record({
    kind: fc.constant('createSession' as const),
    who,
    session,
    fork: fc.option(fc.record({ parent: session, at: fc.nat({ max: 40 }) }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('createSession' as const), who, session }),
  ...Array.from({ length: 4 }, () =>
    fc.record({
      kind: fc.constant('append' as const),
      who,
      session,
      items: fc.array(appendItem, { minLength: 1, maxLength: 3 }),
    }),
  ),
  fc.record({ kind: fc.constant('readRange' as const), who, session, query: rangeQuery }),
  fc.record({ kind: fc.constant('readRange' as const), who, session, query: fc.constant({}) }),
  fc.record({
    kind: fc.constant('getMessages' as const),
    who,
    session,
    picks: fc.array(fc.nat(), { maxLength: 3 }),
    ids: fc.array(messageId, { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constantFrom('stats' as const, 'clearMessages' as const, 'getSession' as const),
    who,
    session,
  }),
  fc.record({ kind: fc.constant('stats' as const), who, session }),
  fc.record({ kind: fc.constant('deleteSession' as const), who, session }),
  fc.record({
    kind: fc.constant('deleteMessages' as const),
    who,
    session,
    picks: fc.array(fc.nat(), { maxLength: 2 }),
    ids: fc.array(messageId, { maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('search' as const),
    who,
    session: fc.option(session, { nil: undefined }),
    text: strictQuery,
    strict: fc.constant(true),
  }),
  fc.record({
    kind: fc.constant('search' as const),
    who,
    session: fc.option(session, { nil: undefined }),
    text: hostileQuery,
    strict: fc.constant(false),
  }),
  fc.record({ kind: fc.constant('listSessions' as const), who, limit: fc.option(small, { nil: undefined }) }),
  ...Array.from({ length: 2 }, () =>
    fc.record({ kind: fc.constant('putState' as const), who, state: stateTarget, value: jsonData }),
  ),
  ...Array.from({ length: 2 }, () =>
    fc.record({
      kind: fc.constantFrom('getState' as const, 'deleteState' as const, 'getState' as const),
      who,
      state: stateTarget,
    }),
  ),
  fc.record({
    kind: fc.constant('putArtifact' as const),
    who,
    session,
    artifact: fc.record({ id: artifactId, kind: artifactKind, fromSeq: small, toSeq: small, data: jsonData }),
  }),
  fc.record({
    kind: fc.constant('listArtifacts' as const),
    who,
    session,
    artifactKind: fc.option(artifactKind, { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('deleteArtifact' as const), who, session, id: artifactId }),
];
