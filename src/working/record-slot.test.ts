import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMinimalLongTermDriver } from '../../test-support/minimal-long-term-driver.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createLongTermRecords } from '../longterm/create-long-term-records.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../longterm/memory-long-term-records.ts';
import { createRecordSlot } from './record-slot.ts';

const scope = { tenant: 't', user: 'u' };
const slotOn = (
  records: LongTermStoreV1,
  extra: { keepVersions?: number; onPruneError?: (e: unknown) => void },
) => createRecordSlot({ records, scope, id: 'slot', kind: 'engram.test', component: 'test', ...extra });
const append = (line: string) => (current: { text: string } | undefined) => ({
  text: current ? `${current.text}\n${line}` : line,
});

describe('createRecordSlot keepVersions', () => {
  it('prunes after every keep-th version: the history stays within 2 × keep − 1, the newest versions', async () => {
    const records = createMemoryLongTermRecords();
    const slot = slotOn(records, { keepVersions: 4 });
    const lengths: number[] = [];
    for (let i = 1; i <= 30; i++) {
      await slot.update(append(`line ${i}`));
      lengths.push((await slot.history()).length);
    }
    expect(Math.max(...lengths)).toBe(7);
    // Right after a multiple of 4, exactly 4 are left.
    expect(lengths.filter((_, i) => (i + 1) % 4 === 0 && i >= 3)).toEqual(Array(7).fill(4));
    const history = await slot.history();
    expect(history.map((v) => v.version)).toEqual([25, 26, 27, 28, 29, 30]);
    expect((await slot.read())?.text.split('\n')).toEqual(
      Array.from({ length: 30 }, (_, i) => `line ${i + 1}`),
    );
  });

  it('keeps every version without keepVersions, and on a store without pruneVersions', async () => {
    const withoutPrune = createLongTermRecords(createMinimalLongTermDriver());
    expect(withoutPrune.pruneVersions).toBeUndefined();
    for (const [records, keepVersions] of [
      [createMemoryLongTermRecords(), undefined],
      [withoutPrune, 2],
    ] as const) {
      const slot = slotOn(records, keepVersions === undefined ? {} : { keepVersions });
      for (let i = 1; i <= 9; i++) await slot.update(append(`line ${i}`));
      expect((await slot.history()).length).toBe(9);
    }
  });

  it('a failed prune fails no update: the version is written and returned, the error goes to onPruneError', async () => {
    const base = createMemoryLongTermRecords();
    const failure = new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
    let fail = true;
    const records: LongTermStoreV1 = {
      ...base,
      pruneVersions: (s, id, keep) => (fail ? Promise.reject(failure) : base.pruneVersions!(s, id, keep)),
    };
    const errors: unknown[] = [];
    const slot = slotOn(records, { keepVersions: 2, onPruneError: (e) => errors.push(e) });
    await slot.update(append('one'));
    const second = await slot.update(append('two'));
    expect(second.version).toBe(2);
    expect(errors).toEqual([failure]);
    expect((await slot.read())?.text).toBe('one\ntwo');
    // Without onPruneError it is dropped all the same; the next prune removes what the failed one left.
    const quiet = slotOn(records, { keepVersions: 2 });
    await quiet.update(append('three'));
    expect((await quiet.update(append('four'))).version).toBe(4);
    fail = false;
    await quiet.update(append('five'));
    await quiet.update(append('six'));
    expect((await quiet.history()).map((v) => v.version)).toEqual([5, 6]);
  });

  it('refuses a keepVersions that is not an integer of at least 1', () => {
    for (const keepVersions of [0, -1, 2.5, Number.NaN, '3' as unknown as number])
      expect(() => slotOn(createMemoryLongTermRecords(), { keepVersions })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/keepVersions/) }),
      );
  });

  it('concurrent writers on one pruned slot lose no update', async () => {
    const records = createMemoryLongTermRecords();
    const writers = ['a', 'b', 'c'].map(() => slotOn(records, { keepVersions: 2 }));
    await Promise.all(
      writers.map(async (slot, w) => {
        for (let i = 0; i < 10; i++) {
          await slot.update(append(`${w}:${i}`));
          await records.pruneVersions?.(scope, 'slot', 1);
        }
      }),
    );
    const lines = (await writers[0]?.read())?.text.split('\n') ?? [];
    expect(lines.length).toBe(30);
    for (const w of [0, 1, 2])
      expect(lines.filter((l) => l.startsWith(`${w}:`))).toEqual(
        Array.from({ length: 10 }, (_, i) => `${w}:${i}`),
      );
  });

  it('property: after any updates, the history is the newest versions, at most 2 × keep − 1, ending at the current one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.constantFrom('x', 'y', ' ', ''), { minLength: 1, maxLength: 25 }),
        async (keepVersions, texts) => {
          const slot = slotOn(createMemoryLongTermRecords(), { keepVersions });
          for (const text of texts) await slot.update(() => ({ text }));
          const current = await slot.read();
          const history = await slot.history();
          expect(history.length).toBeLessThanOrEqual(2 * keepVersions - 1);
          expect(history.at(-1)).toEqual(current);
          expect(current?.text).toBe(texts.at(-1));
          const versions = history.map((v) => v.version);
          const top = current?.version as number;
          expect(versions).toEqual(
            Array.from({ length: versions.length }, (_, i) => top - versions.length + 1 + i),
          );
          expect(versions.length).toBe(Math.min(top, keepVersions + (top % keepVersions)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
