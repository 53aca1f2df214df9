import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { droppedKeys } from './dropped-keys.ts';
import { createWorkingMemory } from './working-memory.ts';

/** A two-level schema: fields a, b and p.{x, y}; anything else is unknown to it. */
const schema = z.object({
  a: z.string().optional(),
  b: z.number().optional(),
  p: z.object({ x: z.string().optional(), y: z.string().optional() }).optional(),
});
const known = new Set(['a', 'b', 'p', 'p.x', 'p.y']);

/** Updates over known and unknown keys, at both levels, with removals. */
const update = fc.dictionary(
  fc.constantFrom('a', 'b', 'p', 'q'),
  fc.oneof(
    fc.constant(null),
    fc.string({ maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.oneof(fc.constant(null), fc.string({ maxLength: 3 })), {
      maxKeys: 3,
    }),
  ),
  { maxKeys: 4 },
);

/** The key paths an update sets (not removes), as `droppedKeys` names them. */
const setPaths = (u: Record<string, unknown>, at = ''): string[] =>
  Object.entries(u).flatMap(([k, v]) => {
    if (v === null) return [];
    const path = at ? `${at}.${k}` : k;
    return typeof v === 'object' ? [path, ...setPaths(v as Record<string, unknown>, path)] : [path];
  });

describe('droppedKeys', () => {
  it('names exactly the fields of a merge a strip-mode object schema drops', () => {
    expect(droppedKeys({ a: 'x', q: 1 }, { a: 'x' }, { q: 1 })).toEqual(['q']);
    expect(droppedKeys({ p: { x: 'u', z: 'v' } }, { p: { x: 'u' } }, { p: { z: 'v' } })).toEqual(['p.z']);
    expect(droppedKeys({ a: 'x' }, { a: 'x' }, { q: null })).toEqual([]);
    expect(droppedKeys({ a: 'x' }, 'transformed', { a: 'x' })).toEqual([]);
  });

  it('property: schema-mode updates are refused exactly when they set a field the schema lacks; stored fields are its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(update, { minLength: 1, maxLength: 6 }), async (updates) => {
        const wm = createWorkingMemory({ store: createMemoryStore(), scope: { tenant: 't' }, schema });
        for (const u of updates) {
          const before = (await wm.get()).text;
          const unknownSet = setPaths(u).filter((p) => !known.has(p) && !p.startsWith('q.'));
          const outcome = await wm.update(u as never).then(
            () => 'stored',
            (e: unknown) => e,
          );
          // A field the schema lacks is refused (by name: unless the schema refused the update for another reason).
          if (unknownSet.length > 0) expect(outcome).not.toBe('stored');
          if (outcome !== 'stored') expect((await wm.get()).text).toBe(before);
          else expect(unknownSet).toEqual([]);
          // Whatever was stored holds the schema's fields only.
          const data = (await wm.get()).data ?? {};
          for (const path of setPaths(data)) expect(known.has(path)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
