import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createWorkingMemory } from './working-memory.ts';

const refused = (pattern: RegExp) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && pattern.test((e as Error).message);
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
