import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupCall } from './group-commit.ts';

/** A group commit over numbers whose batches are recorded; `run` answers each call with its input doubled. */
function recorder(options: { maxCalls?: number; maxSize?: number; hold?: () => Promise<void> } = {}) {
  const batches: number[][] = [];
  const commits = createGroupCommit<number, number>({
    maxCalls: options.maxCalls ?? 100,
    maxSize: options.maxSize ?? 1_000,
    run: async (take) => {
      await options.hold?.();
      const calls = take();
      batches.push(calls.map((c) => c.input));
      for (const c of calls) c.resolve(c.input * 2);
    },
  });
  return { batches, commits };
}

describe('createGroupCommit', () => {
  it('a lone call runs at once, in a batch of its own', async () => {
    const { batches, commits } = recorder();
    expect(await commits.submit(1, 1)).toBe(2);
    expect(await commits.submit(2, 1)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });

  it('calls arriving while a batch runs form the next batch, in arrival order, within the bounds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 40, max: 120 }),
        async (waves, maxCalls, maxSize) => {
          const { batches, commits } = recorder({ maxCalls, maxSize });
          const sizes = new Map<number, number>();
          let next = 0;
          const results: Promise<number>[] = [];
          for (const wave of waves) {
            // Each wave is submitted in one tick; the previous wave's batches may still be running.
            for (const size of wave) {
              const id = next++;
              sizes.set(id, size);
              results.push(commits.submit(id, size));
            }
            await Promise.resolve();
          }
          expect(await Promise.all(results)).toEqual(results.map((_, i) => i * 2));
          expect(batches.flat()).toEqual(results.map((_, i) => i));
          for (const batch of batches) {
            expect(batch.length).toBeLessThanOrEqual(maxCalls);
            const size = batch.reduce((s, id) => s + sizes.get(id)!, 0);
            if (batch.length > 1) expect(size).toBeLessThanOrEqual(maxSize);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('calls arriving until the batch takes them join it; later ones wait for the next', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let first = true;
    const { batches, commits } = recorder({
      hold: async () => {
        if (first) {
          first = false;
          await gate;
        }
      },
    });
    const a = commits.submit(1, 1);
    await Promise.resolve();
    const b = commits.submit(2, 1);
    const c = commits.submit(3, 1);
    release();
    await Promise.all([a, b, c]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('a batch that throws, or leaves a call unsettled, rejects those calls; the next batch still runs', async () => {
    let mode: 'throw' | 'forget' | 'ok' = 'throw';
    const commits = createGroupCommit<number, number>({
      maxCalls: 10,
      maxSize: 10,
      run: async (take) => {
        const calls: readonly GroupCall<number, number>[] = take();
        if (mode === 'throw') throw new Error('boom');
        if (mode === 'forget') calls[0]!.resolve(1);
        if (mode === 'ok') for (const c of calls) c.resolve(c.input);
      },
    });
    await expect(commits.submit(1, 1)).rejects.toThrow('boom');
    mode = 'forget';
    const [x, y] = await Promise.allSettled([commits.submit(1, 1), commits.submit(2, 1)]);
    expect(x).toEqual({ status: 'fulfilled', value: 1 });
    expect(y).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/unsettled/) }),
    });
    mode = 'ok';
    expect(await commits.submit(5, 1)).toBe(5);
  });
});
