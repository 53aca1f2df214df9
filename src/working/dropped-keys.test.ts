import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { droppedKeys, renameProto } from './dropped-keys.ts';
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

  it('renameProto renames every "__proto__" key, in arrays too, to a name no key has; droppedKeys shows it as __proto__', () => {
    expect(renameProto({ a: 'x' }, { b: null })).toBeUndefined();
    const merged = JSON.parse('{"__engram_proto__": 1, "p": {"__proto__": [{"__proto__": 2}]}}');
    const update = JSON.parse('{"p": {"__proto__": [{"__proto__": 2}]}}');
    const renamed = renameProto(merged, update)!;
    expect(renamed.name).toBe('__engram_proto___');
    expect(renamed.merged).toEqual({
      __engram_proto__: 1,
      p: { __engram_proto___: [{ __engram_proto___: 2 }] },
    });
    expect(renamed.update).toEqual({ p: { __engram_proto___: [{ __engram_proto___: 2 }] } });
    expect(Object.hasOwn(merged.p, '__proto__')).toBe(true); // the inputs are as they were
    expect(droppedKeys(renamed.merged, { p: {} }, renamed.update, renamed.name)).toEqual(['p.__proto__']);
    // Without renaming, the key cannot be told (no parse output built by assignment holds it): it is skipped.
    expect(droppedKeys(merged, { p: {} }, update)).toEqual([]);
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

/** A schema mixing what keeps an unknown key (a record, a loose object) with what drops it (z.object) or refuses it. */
const mixed = z.object({
  a: z.string().optional(),
  p: z.object({ x: z.string().optional(), p: z.object({ x: z.string().optional() }).optional() }).optional(),
  r: z.record(z.string(), z.object({ x: z.string().optional() })).optional(),
  l: z.object({ x: z.string().optional() }).loose().optional(),
  s: z.object({ x: z.string().optional() }).strict().optional(),
});
const schemas = { strip: mixed, loose: mixed.loose(), strict: mixed.strict() };
/** Stands for the key under test: `__proto__`, or an ordinary name no schema above has. */
const placeholder = '@k';
const { tree } = fc.letrec((tie) => ({
  tree: fc.dictionary(
    fc.constantFrom('a', 'x', 'p', 'r', 'l', 's', placeholder),
    fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.string({ maxLength: 3 }), tie('tree')),
    { maxKeys: 4 },
  ),
}));
/** The tree as parsed JSON (an LLM's tool call) with the placeholder key named `name`. */
const named = (t: unknown, name: string) =>
  JSON.parse(JSON.stringify(t).replaceAll(`"${placeholder}":`, `"${name}":`)) as Record<string, JSONValue>;

describe('a "__proto__" key in a schema-mode update', () => {
  it('property: is refused or kept exactly as an ordinary key in its place is, at any depth, under any schema', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(schemas) as (keyof typeof schemas)[])),
        fc.array(tree, { minLength: 1, maxLength: 4 }),
        async (kind, updates) => {
          const schema = schemas[kind];
          const proto = createWorkingMemory({ store: createMemoryStore(), scope: { tenant: 't' }, schema });
          const plain = createWorkingMemory({ store: createMemoryStore(), scope: { tenant: 't' }, schema });
          /** What an update came to, the ordinary name read as `__proto__`. */
          const outcome = (wm: typeof proto, u: Record<string, JSONValue>, name: string) =>
            wm.update(u).then(
              (state) => `stored ${state.text.replaceAll(`"${name}":`, '"__proto__":')}`,
              (e: unknown) =>
                MemoryError.hasCode(e, 'INVALID_ARGUMENT')
                  ? `refused ${(e as Error).message.replaceAll(name, '__proto__')}`
                  : e,
            );
          for (const u of updates)
            expect(await outcome(proto, named(u, '__proto__'), '__proto__')).toEqual(
              await outcome(plain, named(u, 'ordinary_key'), 'ordinary_key'),
            );
        },
      ),
      { numRuns: 300 },
    );
  });
});
