import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createContentTools } from '../../tools/content-tools.ts';
import { createContentStore } from '../create-content-store.ts';

/**
 * Found by a bug hunt. `retrieve(id, { type: 'filtered', paths })` built its result with `out[path] = values` on a plain object: the
 * path `__proto__` (a JSON key the store accepts and keeps) sets the result's prototype instead of adding a key.
 * The values are silently dropped from the result (the description still counts them) and the returned object's
 * prototype is an array; through retrieve_from_memory the model gets `{}` for that path.
 */
const sqlite = tempSqliteStores('hunt-json-path');
const toolOptions = { toolCallId: 't', messages: [] } as never;

describe("content transforms and keys named '__proto__'", () => {
  for (const [name, make] of [
    ['memory', () => createMemoryStore()],
    ['sqlite', () => sqlite()],
  ] as const) {
    it(`${name}: the values at the path are returned under it`, async () => {
      const content = createContentStore({ store: make() });
      const id = await content.store({
        type: 'custom',
        source: 'api',
        content: JSON.parse('{"__proto__": {"owner": "ada"}, "a": 2}'),
      });
      const got = await content.retrieve(id, { type: 'filtered', paths: ['__proto__', 'a'] });
      expect(got.transform.description).toBe('2 values at 2 paths');
      expect(Object.getPrototypeOf(got.content)).toBe(Object.prototype);
      expect(JSON.stringify(got.content)).toBe('{"__proto__":[{"owner":"ada"}],"a":[2]}');
      const viaTool = await createContentTools({ content }).retrieve_from_memory.execute!(
        { id, transform: { type: 'filtered', paths: ['__proto__'] } },
        toolOptions,
      );
      expect(JSON.stringify(viaTool)).toContain('ada');
    });

    it(`${name}: a transform with a key named __proto__ is refused as an unknown key, not ignored`, async () => {
      const content = createContentStore({ store: make() });
      const id = await content.store({ type: 'custom', source: 'api', content: { a: 1 } });
      const transform = JSON.parse('{"type": "filtered", "__proto__": {"paths": ["a"]}}');
      await expect(content.retrieve(id, transform)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    });
  }
});
