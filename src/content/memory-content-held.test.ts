import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createMemoryContentDriver, memoryContentHeld } from './memory-content-items.ts';
import { prepareContentItem } from './prepare-content-item.ts';

const counter = createEstimateTokenCounter();
const item = (id: string) =>
  prepareContentItem(
    { id, type: 'custom', source: 's', content: `content of ${id}` },
    { counter, clock: { now: () => new Date(1000) }, component: 'test' },
  );

/** A long-running process queries, fills and empties many spaces: only spaces holding items are kept. */
describe('the in-process content driver keeps only spaces that hold items', () => {
  it('keeps nothing for 1,000 spaces only queried, cleared or emptied item by item', async () => {
    const driver = createMemoryContentDriver();
    for (let i = 0; i < 1000; i++) {
      const scope = { tenant: 't', user: `u${i}` };
      expect((await driver.queryItems(scope, 'never-used', {})).items).toEqual([]);
      await driver.putItem(scope, 'cleared', item('a'));
      expect((await driver.queryItems(scope, 'cleared', {})).items).toHaveLength(1);
      await driver.clearItems?.(scope, 'cleared');
      expect((await driver.queryItems(scope, 'cleared', {})).items).toEqual([]);
      await driver.putItem(scope, 'emptied', item('b'));
      expect((await driver.queryItems(scope, 'emptied', {})).items).toHaveLength(1);
      expect(await driver.deleteItem(scope, 'emptied', 'b')).toBe(true);
      expect((await driver.queryItems(scope, 'emptied', {})).items).toEqual([]);
      expect(await driver.deleteItem(scope, 'emptied', 'b')).toBe(false);
    }
    expect(memoryContentHeld(driver)).toEqual({ spaces: 0, sorted: 0 });
  });

  it('keeps a space that holds items, and its sorted list once queried', async () => {
    const driver = createMemoryContentDriver();
    const scope = { tenant: 't' };
    await driver.putItem(scope, 'kept', item('a'));
    await driver.putItem(scope, 'kept', item('b'));
    await driver.deleteItem(scope, 'kept', 'a');
    expect((await driver.queryItems(scope, 'kept', {})).items.map((i) => i.id)).toEqual(['b']);
    expect(memoryContentHeld(driver)).toEqual({ spaces: 1, sorted: 1 });
  });
});
