import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { expectMemoryError, uniqueTenant } from '../testing/fixtures.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const opened: OpenedStore[] = [];
afterAll(() => Promise.all(opened.map((o) => o.dispose())));

/** A fresh tenant's memory on the store (in process without one), and the rows it holds (every version of every record). */
function memoryOn(store: OpenedStore['store'] | undefined) {
  const scope = { tenant: uniqueTenant('input'), user: 'u' };
  const memory = createLongTermMemory(store ? { store, scope } : { scope });
  const rows = async () => {
    const page = await memory.records.listRecords(memory.scope, { limit: 1000 });
    return Promise.all(page.records.map((r) => memory.history(r.id)));
  };
  return { memory, rows };
}

/** What add and update must refuse, naming the path, on every store alike. */
const badMetadata: [Record<string, unknown>, string][] = [
  [{ note: 'a\u0000b' }, 'metadata.note'],
  [{ 'k\u0000': 1 }, 'metadata["k\\u0000"]'],
  [{ list: ['ok', 'half \ud800'] }, 'metadata.list[1]'],
  [{ deep: { x: '\udfff' } }, 'metadata.deep.x'],
];

async function refused(call: () => Promise<unknown>, path: string) {
  const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
  expect(error.message).toContain(path);
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'long-term record input on $name',
  (driver) => {
    it.skipIf(driver.missing !== undefined)(
      'metadata with a NUL or lone surrogate (key or string, at any depth) is INVALID_ARGUMENT naming it, and nothing changes',
      async () => {
        const o = await driver.open();
        opened.push(o);
        const { memory, rows } = memoryOn(o.store);
        const [kept] = await memory.add({ text: 'kept as it was', metadata: { note: 'first' } });
        const before = await rows();
        // Before: memory, SQLite, libSQL and json-file stored these while PostgreSQL failed with STORE_ERROR.
        for (const [metadata, path] of badMetadata) {
          await refused(() => memory.add(['fine', { text: 'bad', metadata } as never]), `records[1].${path}`);
          await refused(() => memory.update(kept?.id ?? '', { metadata } as never), `change.${path}`);
          await expectMemoryError(
            () => memory.search('kept', { filter: { metadata: metadata as never } }),
            'INVALID_QUERY',
          );
        }
        expect(await rows()).toEqual(before);
      },
    );

    it.skipIf(driver.missing !== undefined)(
      'a validity that ends before it starts is INVALID_ARGUMENT, in add and in update against the stored start, and nothing changes',
      async () => {
        const o = await driver.open();
        opened.push(o);
        const { memory, rows } = memoryOn(o.store);
        const march = new Date(Date.UTC(2026, 2, 1));
        const january = new Date(Date.UTC(2026, 0, 1));
        const [kept] = await memory.add({ text: 'Ada lives in Porto', validAt: march });
        const id = kept?.id ?? '';
        const before = await rows();
        // Before: each was stored, a record valid at no time (an asOf filter never found it).
        for (const [call, path] of [
          [
            () => memory.add(['fine', { text: 'bad', validAt: march, invalidAt: january }]),
            'records[1].invalidAt',
          ],
          [() => memory.update(id, { invalidAt: january }), 'change.invalidAt'],
          [() => memory.update(id, { validAt: march, invalidAt: january }), 'change.invalidAt'],
        ] as const) {
          const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
          expect(error.message).toContain(`${path} (2026-01-01T00:00:00.000Z) is before its validAt`);
        }
        expect(await rows()).toEqual(before);
        // Moving the start back with it, or leaving the validity alone, is a change like any other.
        expect(await memory.update(id, { validAt: january, invalidAt: january })).toMatchObject({
          version: 2,
        });
        expect(await memory.update(id, 'Ada lives in Lisbon')).toMatchObject({
          version: 3,
          invalidAt: january,
        });
      },
    );

    it.skipIf(driver.missing !== undefined)(
      'a clock whose now() is no valid Date is INVALID_ARGUMENT naming it in update, delete and record, and so is a bad time given to the store',
      async () => {
        const o = await driver.open();
        opened.push(o);
        let now: unknown = new Date();
        const scope = { tenant: uniqueTenant('clock'), user: 'u' };
        const memory = createLongTermMemory({ store: o.store, scope, clock: { now: () => now as Date } });
        const [kept] = await memory.add('Ada lives in Porto');
        const id = kept?.id ?? '';
        const before = await memory.history(id);
        // Before: 'applyChange(last, change, at): at must be…', a message's createdAt, or on SQLite and PostgreSQL
        // STORE_ERROR 'deleteRecord failed: NOT NULL constraint failed' / 'at.getTime is not a function'.
        for (const bad of [new Date(Number.NaN), '2026-01-01', undefined]) {
          now = bad;
          for (const call of [
            () => memory.update(id, 'Ada lives in Lisbon'),
            () => memory.delete(id),
            () => memory.record([{ role: 'user', content: 'I moved to Oslo' }]),
          ]) {
            const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
            expect(error.message).toContain('createLongTermMemory(options).clock.now() returned');
          }
          for (const call of [
            () => memory.records.deleteRecord(scope, id, bad as Date),
            () => memory.records.updateRecord(scope, id, { text: 'x' }, bad as Date),
          ]) {
            const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
            expect(error.message).toContain('at must be a valid Date');
          }
        }
        now = new Date();
        expect(await memory.history(id)).toEqual(before);
        expect((await memory.search('oslo')).length).toBe(0);
      },
    );

    const runs: Record<string, number> = {
      memory: 200,
      sqlite: 60,
      libsql: 30,
      'json-file': 40,
      postgres: 30,
    };
    it.skipIf(driver.missing !== undefined)(
      'any metadata string is refused with INVALID_ARGUMENT or read back identical (property)',
      async () => {
        const o = await driver.open();
        opened.push(o);
        const { memory } = memoryOn(o.store);
        const text = fc.string({ unit: 'binary', maxLength: 6 });
        await fc.assert(
          fc.asyncProperty(text, text, async (key, value) => {
            const metadata = { [key]: [value] };
            let added: Awaited<ReturnType<typeof memory.add>> | undefined;
            try {
              added = await memory.add({ text: 'a record', metadata });
            } catch (error) {
              expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
              const wellFormed = (s: string) => s.isWellFormed() && !s.includes('\u0000');
              expect(wellFormed(key) && wellFormed(value)).toBe(false);
              return;
            }
            expect((await memory.get(added[0]?.id ?? ''))?.metadata).toEqual(metadata);
          }),
          { numRuns: runs[driver.name] ?? 30 },
        );
      },
      120_000,
    );
  },
);

describe('long-term record fields', () => {
  it('add refuses a key that is not a field of a record (a misspelling), naming it, and stores none of the batch', async () => {
    const { memory, rows } = memoryOn(undefined);
    // Before: { text, metdata } was stored without its metadata, { text, validat } with no validity.
    for (const [record, field] of [
      [{ text: 'x', metdata: { a: 1 } }, 'records[1].metdata'],
      [{ text: 'x', validat: new Date() }, 'records[1].validat'],
      [{ txt: 'x', text: 'y' }, 'records[1].txt'],
    ] as const) {
      const error = await expectMemoryError(() => memory.add(['fine', record as never]), 'INVALID_ARGUMENT');
      expect(error.message).toContain(`${field} is not a field`);
    }
    expect(await rows()).toEqual([]);
  });

  it('update refuses a misspelt field and a change that changes nothing, adding no version', async () => {
    const { memory } = memoryOn(undefined);
    const [added] = await memory.add({ text: 'Ada lives in Porto', metadata: { city: 'Porto' } });
    const id = added?.id ?? '';
    // Before: each of these added version 2, equal to version 1 (the misspelt field dropped).
    for (const [change, message] of [
      [{ txt: 'Ada lives in Lisbon' }, 'change.txt is not a field'],
      [{ metadata: { city: 'Lisbon' }, invalidat: new Date() }, 'change.invalidat is not a field'],
      [{}, 'change changes nothing'],
      [{ expectedVersion: 1 }, 'change changes nothing'],
    ] as const) {
      const error = await expectMemoryError(() => memory.update(id, change as never), 'INVALID_ARGUMENT');
      expect(error.message).toContain(message);
    }
    expect(await memory.history(id)).toEqual([added]);
    expect((await memory.update(id, { validAt: null })).version).toBe(2);
  });
});
