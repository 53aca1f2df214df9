import fc from 'fast-check';
import { expect } from 'vitest';
import type { Scope } from '../../src/core/scope.ts';
import type { LongTermFilter } from '../../src/longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../src/longterm/prepare-record.ts';

/** Similarities closer than this are ties (an index computes in float32, the exact scan in float64). */
const epsilon = 1e-5;

const users = ['u1', 'u2'] as const;
/** `''`: a record with no agent (a scope naming no agent sees it; one naming `a1` does not). */
const agents = ['', 'a1'] as const;

/** One generated record: its owner, fields a filter reads, its vector, and whether it is deleted after. */
interface GenRecord {
  user: (typeof users)[number];
  agent: (typeof agents)[number];
  kind: 'fact' | 'note';
  session: 's1' | 's2';
  tag: 'x' | 'y';
  vector: number[];
  deleted: boolean;
}

/**
 * Powers of two a component is scaled by: 1 mostly, else near the float32 limits (2^125: 3 × 2^125 ≈ 1.3e38) or
 * subnormal (2^-149, the smallest float32; 2^-140), or far from 1 (2^±64). Small integers times a power of two
 * are exact in float32, so every store holds the same vector and the true cosine is known.
 */
const scale = fc.oneof(
  { arbitrary: fc.constant(0), weight: 4 },
  { arbitrary: fc.constantFrom(125, 100, 64, -64, -126, -140, -149), weight: 3 },
);
const component = fc.integer({ min: -3, max: 3 });
/** Three components, all at one scale (mostly) or each at its own. */
const vector3 = fc
  .tuple(
    fc.tuple(component, component, component),
    fc.oneof(
      { arbitrary: scale.map((e) => [e, e, e]), weight: 3 },
      { arbitrary: fc.tuple(scale, scale, scale), weight: 1 },
    ),
  )
  .map(([ks, es]) => ks.map((k, i) => k * 2 ** es[i]!))
  .filter((v) => v.some((x) => x !== 0));

const genRecord: fc.Arbitrary<GenRecord> = fc.record({
  user: fc.constantFrom(...users),
  agent: fc.constantFrom(...agents),
  kind: fc.constantFrom('fact' as const, 'note' as const),
  session: fc.constantFrom('s1' as const, 's2' as const),
  tag: fc.constantFrom('x' as const, 'y' as const),
  vector: vector3,
  deleted: fc.boolean(),
});

const genFilter: fc.Arbitrary<LongTermFilter> = fc.record(
  {
    kinds: fc.subarray(['fact', 'note']),
    session: fc.constantFrom('s1', 's2'),
    metadata: fc.constantFrom({ tag: 'x' }, { tag: 'y' }),
  },
  { requiredKeys: [] },
);

const genScope = fc.record({
  user: fc.option(fc.constantFrom(...users), { nil: undefined }),
  agent: fc.option(fc.constant('a1'), { nil: undefined }),
});

/** The true cosine of the float32 vectors, in float64 after scaling each by its largest component. */
const cosine = (a: readonly number[], b: readonly number[]) => {
  const f = (v: readonly number[]) => {
    const x = v.map((c) => Math.fround(c));
    const max = Math.max(...x.map(Math.abs));
    return max === 0 ? x : x.map((c) => c / max);
  };
  const [x, y] = [f(a), f(b)];
  const dot = x.reduce((s, xi, i) => s + xi * y[i]!, 0);
  const n = Math.sqrt(x.reduce((s, xi) => s + xi * xi, 0) * y.reduce((s, yi) => s + yi * yi, 0));
  return n === 0 ? 0 : dot / n;
};

const matches = (r: GenRecord, scope: Omit<Scope, 'tenant'>, filter: LongTermFilter) =>
  !r.deleted &&
  (scope.user === undefined || r.user === scope.user) &&
  (scope.agent === undefined || r.agent === scope.agent) &&
  (filter.kinds === undefined || filter.kinds.includes(r.kind)) &&
  (filter.session === undefined || r.session === filter.session) &&
  (filter.metadata === undefined || r.tag === filter.metadata.tag);

let run = 0;

/**
 * Property: a store's `searchVector` (through its vector index) returns what an exact computation over the same
 * records gives (the true cosine, also for components near the float32 limits or subnormal), for any scope (tenant-wide, a user, an agent, both), filter (kinds, session, metadata) and
 * limit, with deleted records left out: every record scoring above the k-th best is returned, nothing below it,
 * scores equal to 1e-5, best first. Each run writes into a tenant of its own. `seed` replays a run of fast-check's.
 */
export async function checkVectorIndexAgainstExact(
  records: LongTermStoreV1,
  numRuns = 40,
  seed?: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(genRecord, { minLength: 1, maxLength: 24 }),
      genScope,
      fc.option(genFilter, { nil: undefined, freq: 2 }),
      vector3,
      fc.integer({ min: 1, max: 30 }),
      async (gen, scopePart, filter, query, limit) => {
        const tenant = `vix${run++}`;
        for (const [i, r] of gen.entries()) {
          const owner: Scope = { tenant, user: r.user, ...(r.agent ? { agent: r.agent } : {}) };
          const id = `r${i}`;
          await records.addRecords(owner, [
            prepareRecord(
              { id, text: `record ${i}`, kind: r.kind, session: r.session, metadata: { tag: r.tag } },
              'test',
            ),
          ]);
          await records.putEmbeddings(owner, [{ id, model: 'm', vector: r.vector }]);
          if (r.deleted) await records.deleteRecord(owner, id, new Date());
        }
        const scope: Scope = {
          tenant,
          ...(scopePart.user ? { user: scopePart.user } : {}),
          ...(scopePart.agent ? { agent: scopePart.agent } : {}),
        };
        const hits = await records.searchVector(scope, {
          vector: query,
          model: 'm',
          limit,
          ...(filter ? { filter } : {}),
        });
        const exact = gen
          .map((r, i) => ({ id: `r${i}`, r, score: cosine(query, r.vector) }))
          .filter(({ r }) => matches(r, scope, filter ?? {}))
          .sort((a, b) => b.score - a.score);
        expect(hits.length).toBe(Math.min(limit, exact.length));
        const byId = new Map(exact.map((e) => [e.id, e.score]));
        const kth = exact[hits.length - 1]?.score ?? Number.POSITIVE_INFINITY;
        for (const [i, hit] of hits.entries()) {
          const want = byId.get(hit.id);
          expect(want, `${hit.id} is in scope, live and meets the filter`).toBeDefined();
          expect(Math.abs(hit.score - want!)).toBeLessThan(epsilon);
          expect(want!).toBeGreaterThanOrEqual(kth - epsilon);
          if (i > 0) expect(hit.score).toBeLessThanOrEqual(hits[i - 1]!.score + epsilon);
        }
        const returned = new Set(hits.map((h) => h.id));
        for (const e of exact) if (e.score > kth + epsilon) expect(returned.has(e.id)).toBe(true);
      },
    ),
    { numRuns, ...(seed === undefined ? {} : { seed }) },
  );
}
