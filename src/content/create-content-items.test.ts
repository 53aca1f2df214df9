import { describe, expect, it } from 'vitest';
import { engineStoreFactory } from '../../test-support/engine-store-factory.ts';
import { createMinimalContentDriver } from '../../test-support/minimal-content-driver.ts';
import { describeContentStore } from '../testing/content/index.ts';
import { expectMemoryError, uniqueScope } from '../testing/fixtures.ts';
import type { ContentDriverV1 } from './content-driver.ts';
import { createContentItems } from './create-content-items.ts';
import { createMemoryContentItems } from './memory-content-items.ts';

const engineFactory = (make: () => ContentDriverV1) =>
  engineStoreFactory(make, (driver, isClosed) => ({
    contentItems: createContentItems(driver, { isClosed }),
  }));

describeContentStore(
  'engine over the minimal driver (required methods only)',
  engineFactory(() => createMinimalContentDriver()),
);

describeContentStore(
  'engine over the minimal driver with a transaction',
  engineFactory(() => {
    const driver = createMinimalContentDriver();
    return { ...driver, transaction: (work) => work(driver) };
  }),
);

describe('createContentItems', () => {
  it('refuses a driver without the required methods, or with a wrong optional one, naming it', () => {
    const driver = createMinimalContentDriver();
    expect(() => createContentItems({ ...driver, deleteItem: undefined } as never)).toThrow(/deleteItem/);
    expect(() => createContentItems({ ...driver, clearItems: 5 } as never)).toThrow(/clearItems/);
    expect(() => createContentItems({ ...driver, specificationVersion: 'v2' } as never)).toThrow(/v1/);
  });

  it('createContentItems and createMemoryContentItems refuse a misspelt option (maxContentByte: the 64 MiB default)', () => {
    const options = { maxContentByte: 100 } as never;
    expect(() => createContentItems(createMinimalContentDriver(), options)).toThrow(
      /createContentItems\(options\)\.maxContentByte: not an option/,
    );
    expect(() => createMemoryContentItems(options)).toThrow(
      /createMemoryContentItems\(options\)\.maxContentByte: not an option/,
    );
  });

  it('runs the fallback replace inside the driver transaction when it has one', async () => {
    const driver = createMinimalContentDriver();
    let transactions = 0;
    const items = createContentItems({
      ...driver,
      transaction: async (work) => {
        transactions++;
        return work(driver);
      },
    });
    await items.replaceItems(uniqueScope(), 'default', []);
    await items.clearItems(uniqueScope(), 'default');
    expect(transactions).toBe(2);
  });

  it("stops a fallback clear whose driver's query repeats a cursor, with STORE_ERROR", async () => {
    const driver = createMinimalContentDriver();
    const items = createContentItems({
      ...driver,
      queryItems: async () => ({ items: [], nextCursor: 'again' }),
    });
    await expectMemoryError(items.clearItems(uniqueScope(), 'default'), 'STORE_ERROR');
  });
});
