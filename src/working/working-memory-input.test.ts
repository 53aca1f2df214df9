import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createCoreMemory } from './core-memory.ts';
import { createWorkingMemory } from './working-memory.ts';

const refused = (pattern: RegExp) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && pattern.test((e as Error).message);
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};
const scope = { tenant: 'acme', user: 'ada' };
const schema = z.object({
  name: z.string().optional(),
  notes: z.any().optional(),
  prefs: z.record(z.string(), z.any()).optional(),
});

describe('working memory in schema mode stores exactly what it reports', () => {
  it('refuses values JSON would change or cannot hold, naming the field, and keeps what was stored', async () => {
    const wm = createWorkingMemory({ store: createMemoryStore(), scope, schema });
    await wm.update({ name: 'Ada', notes: 'tea' });
    const cases: [unknown, RegExp][] = [
      [{ notes: () => 1 }, /update\.notes/],
      [{ notes: Number.NaN }, /update\.notes/],
      [{ notes: Number.POSITIVE_INFINITY }, /update\.notes/],
      [{ notes: new Date(0) }, /update\.notes/],
      [{ prefs: { seat: new Map() } }, /update\.prefs\.seat/],
    ];
    for (const [update, message] of cases)
      await expect(wm.update(update as never)).rejects.toSatisfy(refused(message));
    expect(await wm.get()).toEqual({
      text: '{"name":"Ada","notes":"tea"}',
      data: { name: 'Ada', notes: 'tea' },
      version: 1,
    });
  });

  it('keeps a "__proto__" key of a parsed update as data (it was dropped while reporting success)', async () => {
    const wm = createWorkingMemory({ store: createMemoryStore(), scope, schema });
    await wm.update({ prefs: { meal: 'veg' } });
    const state = await wm.update(JSON.parse('{"prefs": {"__proto__": {"seat": "window"}}}'));
    expect(state.text).toBe('{"prefs":{"meal":"veg","__proto__":{"seat":"window"}}}');
    expect(state.version).toBe(2);
    expect(Object.getPrototypeOf(state.data!.prefs)).toBe(Object.prototype);
    expect((await wm.get()).text).toBe(state.text);
  });
});

describe('createWorkingMemory and createCoreMemory check their options', () => {
  it('createWorkingMemory: a misspelt key, a non-string template, bad retries or clock is INVALID_ARGUMENT', () => {
    const cases: [unknown, RegExp][] = [
      [{ scope, schem: schema }, /createWorkingMemory\(options\)\.schem: not an option/],
      [{ scope, template: 5 }, /template must be a string/],
      [{ scope, retries: 'x' }, /retries must be an integer >= 0/],
      [{ scope, retries: -1 }, /retries must be an integer >= 0/],
      [{ scope, retries: 1.5 }, /retries must be an integer >= 0/],
      [{ scope, clock: Date.now }, /clock must be an object with a now\(\) method/],
    ];
    for (const [options, message] of cases)
      expect(thrown(() => createWorkingMemory(options as never))).toSatisfy(refused(message));
  });

  it('createCoreMemory: a misspelt key (of the options or of a block) or a wrong type is INVALID_ARGUMENT', async () => {
    const cases: [unknown, RegExp][] = [
      // It named neither createCoreMemory nor its options.
      [
        { scope, blocks: [{ label: 'persona', readonly: true }] },
        /createCoreMemory\(options\)\.blocks\[0\]\.readonly: not an option/,
      ],
      [{ scope, blocks: [{ label: 'persona', readOnly: 'no' }] }, /blocks\[0\]\.readOnly must be a boolean/],
      [{ scope, blocks: [{ label: 'persona', value: 5 }] }, /blocks\[0\]\.value must be a string/],
      [{ scope, blocks: [{ label: 'a', description: 5 }] }, /blocks\[0\]\.description must be a string/],
      [{ scope, blocks: [{ label: 'a' }], retry: 3 }, /createCoreMemory\(options\)\.retry: not an option/],
      [{ scope, blocks: [{ label: 'a' }], retries: 'x' }, /retries must be an integer >= 0/],
      [{ scope, blocks: [{ label: 'a' }], clock: 5 }, /clock must be an object/],
    ];
    for (const [options, message] of cases)
      expect(thrown(() => createCoreMemory(options as never))).toSatisfy(refused(message));
  });
});

describe('createWorkingMemory refuses a schema that is not one', () => {
  it('a schema without safeParse is INVALID_ARGUMENT at creation (an update threw a raw TypeError)', () => {
    for (const bad of [null, 'x', {}, 5])
      expect(thrown(() => createWorkingMemory({ scope, schema: bad as never }))).toSatisfy(
        refused(
          /createWorkingMemory\(options\)\.schema (must be an object with safeParse\(\)|must not be null)/,
        ),
      );
  });
});

describe('working memory in schema mode over a memory written in Markdown mode', () => {
  it('is INVALID_ARGUMENT (it was a raw SyntaxError, or an update overwrote it), and what was stored stays', async () => {
    const store = createMemoryStore();
    const markdown = createWorkingMemory({ store, scope, template: '# Notes\n' });
    await markdown.update('# Notes\n- likes tea');
    const object = createWorkingMemory({ store, scope, schema });
    const notJson = refused(/holds text that is not a JSON object.*Markdown mode/);
    // Each threw a raw SyntaxError.
    await expect(object.get()).rejects.toSatisfy(notJson);
    await expect(object.render()).rejects.toSatisfy(notJson);
    await expect(object.history()).rejects.toSatisfy(notJson);
    await expect(object.update({ name: 'Ada' })).rejects.toSatisfy(notJson);
    expect(await markdown.get()).toEqual({ text: '# Notes\n- likes tea', version: 1 });

    // Markdown that happens to be JSON but not an object: get reported data 42, the update replaced it.
    const other = { tenant: 'acme', user: 'bob' };
    await createWorkingMemory({ store, scope: other }).update('42');
    const numbers = createWorkingMemory({ store, scope: other, schema });
    await expect(numbers.get()).rejects.toSatisfy(notJson);
    await expect(numbers.update({ name: 'Ada' })).rejects.toSatisfy(notJson);
    expect(await createWorkingMemory({ store, scope: other }).get()).toEqual({ text: '42', version: 1 });
  });
});

describe('an initial value the store cannot hold is refused at creation', () => {
  it('a block value or template with NUL or a lone surrogate is INVALID_ARGUMENT (every later edit of it failed)', async () => {
    for (const value of ['a\u0000b', 'a\ud800b']) {
      expect(thrown(() => createCoreMemory({ scope, blocks: [{ label: 'human', value }] }))).toSatisfy(
        refused(/createCoreMemory\(options\)\.blocks\[0\]\.value must be well-formed text without NUL/),
      );
      expect(thrown(() => createWorkingMemory({ scope, template: `# User\n${value}` }))).toSatisfy(
        refused(/createWorkingMemory\(options\)\.template must be well-formed text without NUL/),
      );
    }
  });
});

describe('a size limit above what one record holds is refused at creation', () => {
  it('maxChars or a block limit over 65,536 (or maxChars null) is INVALID_ARGUMENT; 65,536 itself is usable', async () => {
    // Both were accepted; an edit past 65,536 characters then failed with "record.text has 70000 characters".
    expect(thrown(() => createWorkingMemory({ scope, maxChars: 100_000 }))).toSatisfy(
      refused(/createWorkingMemory\(options\)\.maxChars must be an integer from 1 to 65536 .*got 100000/),
    );
    expect(thrown(() => createWorkingMemory({ scope, maxChars: null as never }))).toSatisfy(
      refused(/createWorkingMemory\(options\)\.maxChars must not be null/),
    );
    expect(thrown(() => createCoreMemory({ scope, blocks: [{ label: 'log', limit: 100_000 }] }))).toSatisfy(
      refused(
        /createCoreMemory\(options\)\.blocks\[0\]\.limit must be an integer from 1 to 65536 .*got 100000/,
      ),
    );
    const store = createMemoryStore();
    const wm = createWorkingMemory({ store, scope, maxChars: 65_536 });
    expect((await wm.update('x'.repeat(65_536))).text.length).toBe(65_536);
    const core = createCoreMemory({ store, scope, blocks: [{ label: 'log', limit: 65_536 }] });
    expect((await core.rethink('log', 'y'.repeat(65_536))).value.length).toBe(65_536);
    await expect(core.append('log', 'z')).rejects.toSatisfy(refused(/its limit is 65536/));
  });
});

describe('createWorkingMemory checks per and sessionId', () => {
  it('per null, a sessionId without per: session, or a bad sessionId is INVALID_ARGUMENT naming the option', () => {
    const cases: [unknown, RegExp][] = [
      // Taken as the default, per: 'resource'.
      [{ scope, per: null }, /createWorkingMemory\(options\)\.per must not be null/],
      // The memory was the user's across sessions, the sessionId ignored.
      [{ scope, sessionId: 'chat' }, /createWorkingMemory\(options\)\.sessionId is for per: 'session'/],
      [
        { scope, per: 'resource', sessionId: 'chat' },
        /createWorkingMemory\(options\)\.sessionId is for per: 'session'/,
      ],
      // Named sessionBound(sessionId), an internal function.
      [{ scope, per: 'session', sessionId: 'a\u0000' }, /createWorkingMemory\(options\)\.sessionId must be/],
      [{ scope, per: 'session', sessionId: 'a\ud800' }, /createWorkingMemory\(options\)\.sessionId must be/],
      [{ scope, per: 'session', sessionId: 5 }, /createWorkingMemory\(options\)\.sessionId must be/],
    ];
    for (const [options, message] of cases)
      expect(thrown(() => createWorkingMemory(options as never))).toSatisfy(refused(message));
  });

  it('a session id as long as a store takes (256 characters) has its own working memory', async () => {
    // Its update was refused: the record id "engram.working:session:<id>" was over 256 characters.
    const store = createMemoryStore();
    const ids = ['s'.repeat(256), `${'s'.repeat(255)}t`];
    const memories = ids.map((sessionId) =>
      createWorkingMemory({ store, scope, per: 'session', sessionId, template: '# Notes' }),
    );
    await memories[0]!.update('# Notes\n- first');
    await memories[1]!.update('# Notes\n- second');
    expect((await memories[0]!.get()).text).toBe('# Notes\n- first');
    expect((await memories[1]!.get()).text).toBe('# Notes\n- second');
  });
});
