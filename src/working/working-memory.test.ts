import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createCoreMemory } from './core-memory.ts';
import { mergeMarkdown } from './markdown-sections.ts';
import { mergeJson } from './merge-json.ts';
import { createWorkingMemory } from './working-memory.ts';

const isCode = (code: string) => (e: unknown) => MemoryError.hasCode(e, code as 'INVALID_ARGUMENT');
let n = 0;
/** Each test gets its own scope (tenant), so the drivers' stores can be shared by the tests of a file. */
let scope = { tenant: 't0', user: 'ada' };
const dirs: string[] = [];
let pg: TestDatabase | undefined;
const opened: { close?: () => unknown }[] = [];
afterAll(async () => {
  for (const s of opened) await s.close?.();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await pg?.drop();
});
let sqlitePath = '';
/** A store the tests open: long-term records, and a close. */
type OpenedStore = HasLongTermRecords & { close(): unknown };
const drivers: {
  name: string;
  skip?: boolean;
  open: () => Promise<OpenedStore>;
  another?: () => OpenedStore;
}[] = [
  { name: 'memory', open: async () => createMemoryStore() },
  {
    name: 'sqlite',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'engram-wm-'));
      dirs.push(dir);
      sqlitePath = join(dir, 'wm.db');
      return createSqliteStore({ path: sqlitePath });
    },
    another: () => createSqliteStore({ path: sqlitePath }),
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    open: async () => {
      pg ??= await createTestSchema('engram_wm_unit');
      return createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    },
    another: () => createPostgresStore({ connectionString: pg!.url, schema: pg!.name, maxConnections: 2 }),
  },
];
const template = '# User\n- Name:\n- City:\n\n# Preferences\n- (none yet)';

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`working memory (Mastra-style) on ${driver.name}`, () => {
    let store: OpenedStore | undefined;
    beforeEach(async () => {
      if (store === undefined) {
        store = await driver.open();
        opened.push(store);
      }
      scope = { tenant: `t${++n}`, user: 'ada' };
    });
    /** A schema-mode memory of one session of the test's scope. */
    const inSession = (sessionId: string, schema: z.ZodType<Record<string, unknown>>) =>
      createWorkingMemory({ store, scope, per: 'session', sessionId, schema });

    it('Markdown mode replaces the sections an update names and keeps the others', async () => {
      const wm = createWorkingMemory({ store, scope, template });
      expect((await wm.get()).text).toBe(template);
      await wm.update('# User\n- Name: Ada\n- City: Lisbon');
      await wm.update('# Preferences\n- Window seats\n\n# Projects\n- engram');
      const { text, version } = await wm.get();
      expect(text).toBe(
        '# User\n- Name: Ada\n- City: Lisbon\n\n# Preferences\n- Window seats\n\n# Projects\n- engram',
      );
      expect(version).toBe(2);
      await wm.update('Everything replaced.');
      expect((await wm.get()).text).toBe('Everything replaced.');
      expect((await wm.history()).map((h) => h.version)).toEqual([1, 2, 3]);
      expect(await wm.render()).toMatch(
        /^<working_memory>\n[\s\S]*Everything replaced\.\n<\/working_memory>$/,
      );
    });

    it('schema mode merges partial updates: fields left out are kept, null removes, the result is validated', async () => {
      const schema = z.object({
        name: z.string().optional(),
        city: z.string().optional(),
        prefs: z.object({ seat: z.string().optional(), meal: z.string().optional() }).optional(),
      });
      const wm = createWorkingMemory({ store, scope, schema });
      await wm.update({ name: 'Ada', prefs: { seat: 'window' } });
      await wm.update({ city: 'Lisbon', prefs: { meal: 'vegetarian' } });
      expect((await wm.get()).data).toEqual({
        name: 'Ada',
        city: 'Lisbon',
        prefs: { seat: 'window', meal: 'vegetarian' },
      });
      await wm.update({ city: null });
      expect((await wm.get()).data).toEqual({ name: 'Ada', prefs: { seat: 'window', meal: 'vegetarian' } });
      await expect(wm.update({ name: 42 })).rejects.toThrow(/name: /);
      expect((await wm.get()).data?.name).toBe('Ada'); // a refused update writes nothing
      await expect(wm.update('not an object' as never)).rejects.toSatisfy(isCode('INVALID_ARGUMENT'));
    });

    it('schema mode refuses a field the schema does not have, by name, writing nothing; a loose schema keeps it', async () => {
      const schema = z.object({
        name: z.string().optional(),
        prefs: z.object({ seat: z.string().optional() }).optional(),
      });
      const wm = createWorkingMemory({ store, scope, schema });
      await wm.update({ name: 'Ada', prefs: { seat: 'window' } });
      await expect(wm.update({ nick: 'A' })).rejects.toThrow(/has no field nick$/);
      await expect(wm.update({ name: 'Ada L.', prefs: { meal: 'veg' } })).rejects.toThrow(
        /no field prefs\.meal$/,
      );
      expect((await wm.get()).data).toEqual({ name: 'Ada', prefs: { seat: 'window' } });
      // Removing a field the memory does not hold, with null, sets nothing: nothing to refuse.
      await wm.update({ nick: null, name: 'Ada L.' });
      expect((await wm.get()).data).toEqual({ name: 'Ada L.', prefs: { seat: 'window' } });
      // A loose schema keeps other fields (its parse does); a strict one refuses them in its own words.
      const loose = inSession('loose', schema.loose());
      await loose.update({ nick: 'A' });
      expect((await loose.get()).data).toEqual({ nick: 'A' });
      // What an earlier, looser schema stored stays; updates of the schema's own fields go on.
      const strict = inSession('loose', schema);
      await strict.update({ name: 'Ada' });
      expect((await strict.get()).data).toEqual({ nick: 'A', name: 'Ada' });
      await expect(strict.update({ other: 1 })).rejects.toSatisfy(isCode('INVALID_ARGUMENT'));
    });

    it('schema mode treats a "__proto__" key of a parsed update as any other field: refused where the schema has none, kept where it keeps others', async () => {
      const schema = z.object({
        name: z.string().optional(),
        prefs: z.object({ seat: z.string().optional() }).optional(),
        tags: z.record(z.string(), z.any()).optional(),
        people: z.record(z.string(), z.object({ age: z.number().optional() })).optional(),
      });
      const noField = (path: string) => (e: unknown) =>
        isCode('INVALID_ARGUMENT')(e) &&
        (e as Error).message.endsWith(`the update does not fit the schema: it has no field ${path}`);
      const wm = createWorkingMemory({ store, scope, schema });
      await wm.update({ name: 'Ada' });
      // A z.object without the field drops it: refused by name, as `nick` is, at the top and nested (it was stored).
      await expect(wm.update(JSON.parse('{"__proto__": {"x": 1}, "name": "a"}'))).rejects.toSatisfy(
        noField('__proto__'),
      );
      await expect(wm.update(JSON.parse('{"prefs": {"__proto__": "x", "seat": "w"}}'))).rejects.toSatisfy(
        noField('prefs.__proto__'),
      );
      // Under a record's key, the object it holds is checked in turn.
      await expect(
        wm.update(JSON.parse('{"people": {"__proto__": {"age": 3, "__proto__": {"y": 1}}}}')),
      ).rejects.toSatisfy(noField('people.__proto__.__proto__'));
      // zod's record skips the key, value and all: the value is checked as another key's would be (it was stored).
      await expect(wm.update(JSON.parse('{"people": {"__proto__": {"age": "old"}}}'))).rejects.toThrow(
        /does not fit the schema: people\.__proto__\.age: Invalid input: expected number/,
      );
      expect(await wm.get()).toEqual({ text: '{"name":"Ada"}', data: { name: 'Ada' }, version: 1 });
      // A record keeps it (its keys are any string), and so does the object a record holds when it fits.
      const kept = await wm.update(
        JSON.parse('{"tags": {"__proto__": {"__proto__": 1}}, "people": {"__proto__": {"age": 3}}}'),
      );
      expect(kept.text).toBe(
        '{"name":"Ada","tags":{"__proto__":{"__proto__":1}},"people":{"__proto__":{"age":3}}}',
      );
      expect(kept.version).toBe(2);
      expect((await wm.get()).text).toBe(kept.text);

      // A loose schema keeps it, as it keeps other fields; a strict one refuses it in its own words.
      const loose = inSession('loose', schema.loose());
      const state = await loose.update(JSON.parse('{"__proto__": {"x": 1}, "name": "a"}'));
      expect(state.text).toBe('{"__proto__":{"x":1},"name":"a"}');
      expect(Object.getPrototypeOf(state.data)).toBe(Object.prototype);
      const strict = inSession('strict', schema.strict());
      await expect(strict.update(JSON.parse('{"__proto__": 1}'))).rejects.toSatisfy(
        isCode('INVALID_ARGUMENT'),
      );
      expect((await strict.get()).version).toBe(0);
    });

    it('enforces the size limit with an error the model can act on, writing nothing', async () => {
      const wm = createWorkingMemory({ store, scope, template: '# Notes', maxChars: 40 });
      await wm.update('# Notes\n- short');
      await expect(wm.update(`# Notes\n- ${'x'.repeat(100)}`)).rejects.toThrow(/limit is 40: shorten/);
      expect((await wm.get()).text).toBe('# Notes\n- short');
    });

    it('per session and per resource are separate; scopes never see each other; it is not recalled as a fact', async () => {
      const resource = createWorkingMemory({ store, scope, template: '# A' });
      const session = createWorkingMemory({ store, scope, per: 'session', sessionId: 's1', template: '# B' });
      await resource.update('# A\nresource text');
      await session.update('# B\nsession text');
      expect((await resource.get()).text).toBe('# A\nresource text');
      expect((await session.get()).text).toBe('# B\nsession text');
      const other = createWorkingMemory({ store, scope: { tenant: 't', user: 'bob' }, template: '# A' });
      expect((await other.get()).version).toBe(0);
      const longTerm = createLongTermMemory({ store, scope });
      expect(await longTerm.search('resource text')).toEqual([]);
      expect(() => createWorkingMemory({ store, scope, per: 'session' })).toThrow(/sessionId/);
      expect(() => createWorkingMemory({ store, scope, template: 'x', schema: z.object({}) })).toThrow(
        /not both/,
      );
    });

    it('property: mergeJson keeps every key the update does not name, and takes every key it does', () => {
      const json = fc.dictionary(
        fc.string({ maxLength: 4 }),
        fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      );
      fc.assert(
        fc.property(json, json, (current, update) => {
          const base = Object.fromEntries(Object.entries(current).filter(([, v]) => v !== null));
          const merged = mergeJson(base, update);
          for (const [k, v] of Object.entries(base)) if (!(k in update)) expect(merged[k]).toEqual(v);
          for (const [k, v] of Object.entries(update))
            if (v === null) expect(k in merged).toBe(false);
            else expect(merged[k]).toEqual(v);
        }),
      );
    });

    it('property: mergeJson removes with null at any depth, in an object the update adds too; arrays are values', () => {
      const leaf = fc.oneof(
        fc.integer(),
        fc.string({ maxLength: 3 }),
        fc.constant(null),
        fc.array(fc.constant(null), { maxLength: 2 }),
      );
      const { tree } = fc.letrec((tie) => ({
        tree: fc.dictionary(
          fc.constantFrom('a', 'b', 'c'),
          fc.oneof({ depthSize: 'small' }, leaf, tie('tree')),
          { maxKeys: 3 },
        ),
      }));
      /** The update as stored into an empty object: its null members gone, at every depth; arrays as they are. */
      const withoutNulls = (o: Record<string, unknown>): Record<string, unknown> =>
        Object.fromEntries(
          Object.entries(o)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [
              k,
              typeof v === 'object' && !Array.isArray(v) ? withoutNulls(v as Record<string, unknown>) : v,
            ]),
        );
      fc.assert(
        fc.property(tree, tree, (current, update) => {
          const base = withoutNulls(current) as Record<string, JSONValue>;
          expect(mergeJson({}, update as Record<string, JSONValue>)).toEqual(withoutNulls(update));
          const merged = mergeJson(base, update as Record<string, JSONValue>);
          // No null the update holds at an object member is stored (arrays keep theirs: they are values).
          const nullMember = (o: unknown): boolean =>
            typeof o === 'object' &&
            o !== null &&
            !Array.isArray(o) &&
            Object.values(o).some((v) => v === null || nullMember(v));
          expect(nullMember(merged)).toBe(false);
        }),
      );
    });

    it('mergeMarkdown: headings match without case or spacing; fenced code is not split', () => {
      expect(mergeMarkdown('# A\none\n# B\ntwo', '#  a\nuno')).toBe('#  a\nuno\n\n# B\ntwo');
      expect(mergeMarkdown('# A\n```\n# not a heading\n```', '# C\nthree')).toBe(
        '# A\n```\n# not a heading\n```\n\n# C\nthree',
      );
    });
  });

  describe.skipIf(driver.skip)(`core memory blocks (Letta-style) on ${driver.name}`, () => {
    let store: OpenedStore | undefined;
    beforeEach(async () => {
      if (store === undefined) {
        store = await driver.open();
        opened.push(store);
      }
      scope = { tenant: `t${++n}`, user: 'ada' };
    });

    const blocks = [
      { label: 'persona', value: 'I am a helpful travel agent.', readOnly: true, description: 'Who I am' },
      { label: 'human', value: 'Name: Ada', limit: 60, description: 'What I know about the user' },
    ];

    it('append, replace (exactly one match), insert and rethink, each a version in the history', async () => {
      const core = createCoreMemory({ store, scope, blocks });
      await core.append('human', 'City: Lisbon');
      await core.replace('human', 'Lisbon', 'Porto');
      await core.insert('human', 'Pronouns: she/her', 1);
      expect((await core.get('human')).value).toBe('Name: Ada\nPronouns: she/her\nCity: Porto');
      await core.rethink('human', 'Ada, in Porto.');
      expect((await core.history('human')).map((b) => [b.version, b.value])).toEqual([
        [1, 'Name: Ada\nCity: Lisbon'],
        [2, 'Name: Ada\nCity: Porto'],
        [3, 'Name: Ada\nPronouns: she/her\nCity: Porto'],
        [4, 'Ada, in Porto.'],
      ]);
      const rendered = await core.render();
      expect(rendered).toContain(
        '<block label="persona" chars="28/2000" read_only="true" description="Who I am">',
      );
      expect(rendered).toContain(
        '<block label="human" chars="14/60" description="What I know about the user">\nAda, in Porto.\n</block>',
      );
    });

    it('a block and a Markdown memory can be emptied and filled again, each a version', async () => {
      // Refused before with "change.text must not be empty": the last line of a block could not be removed.
      const core = createCoreMemory({ store, scope, blocks: [{ label: 'human', value: 'Name: Ada' }] });
      expect((await core.replace('human', 'Name: Ada', '')).value).toBe('');
      expect(await core.get('human')).toMatchObject({ value: '', version: 1 });
      expect((await core.append('human', 'City: Porto')).value).toBe('City: Porto');
      expect((await core.rethink('human', '  ')).value).toBe('  ');
      expect((await core.insert('human', 'Pronouns: she/her', 0)).value).toBe('Pronouns: she/her\n  ');
      expect((await core.history('human')).map((b) => b.value)).toEqual([
        '',
        'City: Porto',
        '  ',
        'Pronouns: she/her\n  ',
      ]);
      expect(await core.render()).toContain('<block label="human" chars="20/2000">');

      const wm = createWorkingMemory({ store, scope, template: '# Notes' });
      expect(await wm.update('')).toEqual({ text: '', version: 1 });
      expect(await wm.get()).toEqual({ text: '', version: 1 });
      expect((await wm.update('# Notes\n- tea')).text).toBe('# Notes\n- tea');
      expect((await wm.history()).map((h) => h.text)).toEqual(['', '# Notes\n- tea']);
      // The stand-in text of an empty value is not recalled.
      expect(await createLongTermMemory({ store, scope }).search('empty')).toEqual([]);
    });

    it.skipIf(!driver.another)(
      'concurrent appends through three handles on one database all land',
      async () => {
        const more = [driver.another!(), driver.another!()];
        opened.push(...more);
        const handles = [store, ...more];
        const cores = handles.map((h) =>
          createCoreMemory({ store: h, scope, blocks: [{ label: 'log', limit: 10_000 }], retries: 200 }),
        );
        await Promise.all(Array.from({ length: 24 }, (_, i) => cores[i % 3]!.append('log', `line ${i}`)));
        const lines = (await cores[0]!.get('log')).value.split('\n').sort();
        expect(lines).toEqual(Array.from({ length: 24 }, (_, i) => `line ${i}`).sort());
        expect((await cores[0]!.history('log')).length).toBe(24);
      },
    );

    it('refuses edits that break a rule, with errors that say what to do, writing nothing', async () => {
      const core = createCoreMemory({ store, scope, blocks });
      await core.append('human', 'likes tea; likes tea');
      await expect(core.replace('human', 'likes tea', 'likes coffee')).rejects.toThrow(
        /occurs 2 times.*unique/,
      );
      await expect(core.replace('human', 'likes cake', 'x')).rejects.toThrow(
        /not in block "human"; copy it exactly/,
      );
      await expect(core.append('human', 'x'.repeat(60))).rejects.toThrow(/limit is 60: shorten it/);
      await expect(core.rethink('persona', 'I am evil.')).rejects.toThrow(/read-only/);
      await expect(core.append('nope', 'x')).rejects.toThrow(
        /no block "nope"; the blocks are persona, human/,
      );
      await expect(core.insert('human', 'x', 9)).rejects.toThrow(/line index must be from 0 to 2/);
      // Only a missing index means the end: null, a string or a fraction is refused, the block unchanged.
      for (const at of [null, '1', 0.5, Number.NaN])
        await expect(core.insert('human', 'x', at as unknown as number)).rejects.toMatchObject({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/line index must be from 0 to 2 .*left out for the end/),
        });
      expect((await core.get('human')).value).toBe('Name: Ada\nlikes tea; likes tea');
      expect((await core.get('persona')).version).toBe(0);
      expect(() => createCoreMemory({ store, scope, blocks: [{ label: 'a' }, { label: 'a' }] })).toThrow(
        /used twice/,
      );
      expect(() =>
        createCoreMemory({ store, scope, blocks: [{ label: 'a', value: 'xx', limit: 1 }] }),
      ).toThrow(/limit is 1/);
    });
  });
}
