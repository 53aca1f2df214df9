import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { getItemInfos, putItems } from './content-batch.ts';
import { itemInfo, prepareContentItem } from './prepare-content-item.ts';

/** The batch calls (native on SQL stores and through `createContentItems`, else one item at a time) agree everywhere. */
const counter = createEstimateTokenCounter();
const scope = { tenant: 't', user: 'u' };
const item = (id: string, content: string) =>
  prepareContentItem(
    { id, type: 'custom', source: 's', content, tags: ['x'] },
    { counter, clock: { now: () => new Date(1000) }, component: 'test' },
  );
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'content batch calls over $name',
  (driver) => {
    it.skipIf(driver.missing !== undefined)(
      'putItems stores new items and keeps taken ids; getItemInfos reads the ids found',
      async () => {
        const o = await driver.open();
        opened.push(o);
        const items = o.store.contentItems;
        const [a, b, c] = [item('a', 'alpha'), item('b', 'beta'), item('c', 'gamma')];
        expect(await putItems(items, scope, 'sp', [a, b])).toEqual([itemInfo(a), itemInfo(b)]);
        // a is stored again (same), b is taken by a different item (kept), c is new
        const again = await putItems(items, scope, 'sp', [a, item('b', 'other'), c]);
        expect(again).toEqual([itemInfo(a), itemInfo(b), itemInfo(c)]);
        expect((await items.getItem(scope, 'sp', 'b'))?.content).toBe('beta');
        const ids = Array.from({ length: 600 }, (_, i) => `missing${i}`);
        const found = await getItemInfos(items, scope, 'sp', ['c', ...ids, 'a']);
        expect([...found.keys()].sort()).toEqual(['a', 'c']);
        expect(found.get('c')).toEqual(itemInfo(c));
        // Other spaces and scopes see nothing.
        expect((await getItemInfos(items, scope, 'other', ['a'])).size).toBe(0);
        expect((await getItemInfos(items, { tenant: 't' }, 'sp', ['a'])).size).toBe(0);
        if (items.putItems) {
          const repeated = items.putItems(scope, 'sp', [a, a]);
          await expect(repeated).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'INVALID_ARGUMENT'));
        }
        expect(await putItems(items, scope, 'sp', [])).toEqual([]);
      },
    );
  },
);
