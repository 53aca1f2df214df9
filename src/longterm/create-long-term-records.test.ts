import { describe, expect, it } from 'vitest';
import { engineStoreFactory } from '../../test-support/engine-store-factory.ts';
import { createMinimalLongTermDriver } from '../../test-support/minimal-long-term-driver.ts';
import { expectMemoryError, uniqueScope } from '../testing/fixtures.ts';
import { describeLongTermStore } from '../testing/longterm/index.ts';
import { createLongTermRecords } from './create-long-term-records.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';
import { prepareRecord } from './prepare-record.ts';

const engineFactory = (make: () => LongTermDriverV1) =>
  engineStoreFactory(make, (driver, isClosed) => ({
    longTermRecords: createLongTermRecords(driver, { isClosed }),
  }));

describeLongTermStore(
  'engine over the minimal driver (required methods only: the vector cases skip)',
  engineFactory(() => createMinimalLongTermDriver()),
);

describeLongTermStore(
  'engine over the minimal driver with the vector methods',
  engineFactory(() => createMinimalLongTermDriver({ vectors: true })),
);

describe('createLongTermRecords', () => {
  it('refuses a driver without a required method, or with only some of the vector methods, naming them', () => {
    const driver = createMinimalLongTermDriver({ vectors: true });
    expect(() => createLongTermRecords({ ...driver, purgeRecords: undefined } as never)).toThrow(
      /purgeRecords/,
    );
    expect(() => createLongTermRecords({ ...driver, searchVector: undefined })).toThrow(
      /searchVector.*all together/,
    );
    expect(() => createLongTermRecords({ ...driver, name: '' })).toThrow(/name/);
  });

  it('createLongTermRecords and createMemoryLongTermRecords refuse a misspelt option (isclosed: never closed)', () => {
    const options = { isclosed: () => true } as never;
    expect(() => createLongTermRecords(createMinimalLongTermDriver(), options)).toThrow(
      /createLongTermRecords\(options\)\.isclosed: not an option/,
    );
    expect(() => createMemoryLongTermRecords(options)).toThrow(
      /createMemoryLongTermRecords\(options\)\.isclosed: not an option/,
    );
  });

  it('reports the vector capability: true with the three methods, false without', () => {
    expect(createLongTermRecords(createMinimalLongTermDriver({ vectors: true })).vectorSearch).toBe(true);
    expect(createLongTermRecords(createMinimalLongTermDriver()).vectorSearch).toBe(false);
  });

  it('checks arguments before the driver sees them, and the open state first', async () => {
    let closed = false;
    const calls: string[] = [];
    const driver = createMinimalLongTermDriver();
    const records = createLongTermRecords(
      {
        ...driver,
        getRecord: (scope, id) => {
          calls.push(id);
          return driver.getRecord(scope, id);
        },
      },
      { isClosed: () => closed },
    );
    const scope = uniqueScope();
    await expectMemoryError(records.getRecord(scope, ''), 'INVALID_ARGUMENT');
    await expectMemoryError(records.getRecords(scope, [5] as never), 'INVALID_ARGUMENT');
    await expectMemoryError(records.deleteRecord(scope, 'a', new Date(Number.NaN)), 'INVALID_ARGUMENT');
    expect(calls).toEqual([]);
    expect(await records.getRecords(scope, ['a', 'b', 'a'])).toEqual([]);
    expect(calls).toEqual(['a', 'b']);
    closed = true;
    await expectMemoryError(records.getRecord(scope, 'a'), 'STORE_CLOSED');
  });

  it("stops a fallback search whose driver's listing repeats a cursor, with STORE_ERROR", async () => {
    const driver = createMinimalLongTermDriver();
    const records = createLongTermRecords({
      ...driver,
      listRecords: async () => ({ records: [], nextCursor: 'again' }),
    });
    await expectMemoryError(records.searchText(uniqueScope(), { terms: ['tea'], limit: 5 }), 'STORE_ERROR');
  });

  it('reads getRecords in input order, the missing left out, through getRecord', async () => {
    const records = createLongTermRecords(createMinimalLongTermDriver());
    const scope = uniqueScope({ user: 'u' });
    await records.addRecords(
      scope,
      ['a', 'b', 'c'].map((id) => prepareRecord({ id, text: id }, 'test')),
    );
    expect((await records.getRecords(scope, ['c', 'nope', 'a'])).map((r) => r.id)).toEqual(['c', 'a']);
  });
});
