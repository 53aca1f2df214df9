import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeRide, createRideCarry, createRideChannel, withRide } from './ride-on-append.ts';

/**
 * Rides over one carry, at random: some keep their leftovers for a later ride, some take the carried writes in,
 * some take everything offered (an append), some throw; offers on a carrying channel (derived state) and on one
 * that does not carry (content). However they interleave, every offer is written exactly once — taken by an append
 * or written alone — once a last ride of the carry has run; an offer of the channel that does not carry is never
 * left waiting after its own ride.
 */

type RidePlan = {
  carry: boolean;
  keep: boolean;
  derived: number;
  cited: number;
  append: boolean;
  fail: boolean;
};
const plan: fc.Arbitrary<RidePlan> = fc.record({
  carry: fc.boolean(),
  keep: fc.boolean(),
  derived: fc.nat(3),
  cited: fc.nat(2),
  append: fc.boolean(),
  fail: fc.boolean(),
});

describe('withRide with a carry: every offer written once', () => {
  it('taken by an append or written alone, exactly once, whatever the rides', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { maxLength: 12 }), async (plans) => {
        const derived = createRideChannel<string>({ carries: true });
        const cited = createRideChannel<string>();
        const carry = createRideCarry();
        const sink = {};
        const writes = new Map<string, number>();
        const wrote = (id: string) => writes.set(id, (writes.get(id) ?? 0) + 1);
        let n = 0;
        for (const p of plans) {
          const mine: string[] = [];
          const ride = withRide(
            async () => {
              for (let i = 0; i < p.derived; i++) {
                const id = `d${n++}`;
                mine.push(id);
                derived.offer(sink, id, async () => void wrote(id));
              }
              for (let i = 0; i < p.cited; i++) {
                const id = `c${n++}`;
                mine.push(id);
                cited.offer(sink, id, async () => void wrote(id));
              }
              if (p.append) {
                // An append takes what rides for it (the carried writes taken in too), then closes the ride.
                for (const id of [...derived.take(sink), ...cited.take(sink)]) wrote(id);
                closeRide();
              }
              if (p.fail) throw new Error('step failed');
            },
            p.carry ? { carry, keep: p.keep } : {},
          );
          if (p.fail) await expect(ride).rejects.toThrow('step failed');
          else await ride;
          // Content offers never wait past their own ride.
          for (const id of mine) if (id.startsWith('c')) expect(writes.get(id), id).toBe(1);
        }
        // A last ride of the carry takes in what waits and writes it alone.
        await withRide(async () => {}, { carry });
        for (let i = 0; i < n; i++) {
          const id = [`d${i}`, `c${i}`].find((x) => writes.has(x));
          expect(id, `offer ${i} never written`).toBeDefined();
          expect(writes.get(id!)).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });
});
