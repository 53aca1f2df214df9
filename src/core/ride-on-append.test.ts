import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  carryInUse,
  carryWaitMs,
  closeRide,
  createRideCarry,
  createRideChannel,
  hasOpenRide,
  isKeepingRide,
  outsideRide,
  withRide,
} from './ride-on-append.ts';

describe('withRide / createRideChannel', () => {
  const sink = {};
  const other = {};

  it('offers are refused outside a ride, held inside one, and taken by sink', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    expect(hasOpenRide()).toBe(false);
    expect(channel.offer(sink, 'x', async () => void alone.push('x'))).toBe(false);
    await withRide(async () => {
      expect(hasOpenRide()).toBe(true);
      expect(channel.offer(sink, 'a', async () => void alone.push('a'))).toBe(true);
      expect(channel.offer(other, 'b', async () => void alone.push('b'))).toBe(true);
      expect(channel.offer(sink, 'c', async () => void alone.push('c'))).toBe(true);
      expect(channel.has(sink, (p) => p === 'c')).toBe(true);
      expect(channel.take(sink)).toEqual(['a', 'c']);
      expect(channel.has(sink)).toBe(false);
    });
    // What no append took is written alone after the ride.
    expect(alone).toEqual(['b']);
  });

  it('writes what was left whatever the outcome, and refuses offers once an append closed the ride', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    await expect(
      withRide(async () => {
        channel.offer(sink, 'a', async () => void alone.push('a'));
        closeRide();
        expect(channel.offer(sink, 'late', async () => void alone.push('late'))).toBe(false);
        throw new Error('step failed');
      }),
    ).rejects.toThrow('step failed');
    expect(alone).toEqual(['a']);
  });

  it('writes every leftover though one fails, then throws the first failure', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    await expect(
      withRide(async () => {
        channel.offer(sink, 'a', async () => void alone.push('a'));
        channel.offer(sink, 'bad', async () => {
          throw new Error('disk full');
        });
        channel.offer(sink, 'c', async () => void alone.push('c'));
      }),
    ).rejects.toThrow('disk full');
    expect(alone).toEqual(['a', 'c']);
  });

  it('gives back what an append took and rolled back: written after the ride', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    await withRide(async () => {
      channel.offer(sink, 'a', async () => void alone.push('never'));
      const taken = channel.take(sink);
      channel.giveBack(sink, taken, async (p) => void alone.push(`again ${p}`));
    });
    expect(alone).toEqual(['again a']);
  });

  it('a ride inside another is its own', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    await withRide(async () => {
      channel.offer(sink, 'outer', async () => void alone.push('outer'));
      await withRide(async () => {
        expect(channel.take(sink)).toEqual([]);
        channel.offer(sink, 'inner', async () => void alone.push('inner'));
        closeRide();
      });
      expect(alone).toEqual(['inner']);
      expect(hasOpenRide()).toBe(true);
      expect(channel.take(sink)).toEqual(['outer']);
    });
    expect(alone).toEqual(['inner']);
  });

  it('work run outside the ride takes nothing from it and leaves it open', async () => {
    const channel = createRideChannel<string>();
    const alone: string[] = [];
    await withRide(async () => {
      channel.offer(sink, 'step', async () => void alone.push('step'));
      await outsideRide(async () => {
        await Promise.resolve();
        expect(hasOpenRide()).toBe(false);
        expect(channel.has(sink)).toBe(false);
        expect(channel.take(sink)).toEqual([]);
        // An offer made outside is refused: its caller writes it.
        expect(channel.offer(sink, 'outside', async () => void alone.push('outside'))).toBe(false);
      });
      expect(hasOpenRide()).toBe(true);
      expect(channel.take(sink)).toEqual(['step']);
    });
    expect(alone).toEqual([]);
  });

  it('a ride that keeps its writes leaves those of carrying channels for the next ride of the carry', async () => {
    const derived = createRideChannel<string>({ carries: true });
    const cited = createRideChannel<string>();
    const carry = createRideCarry();
    const alone: string[] = [];
    await withRide(
      async () => {
        derived.offer(sink, 'ladder', async () => void alone.push('ladder'));
        cited.offer(sink, 'offload', async () => void alone.push('offload'));
      },
      { carry, keep: true },
    );
    // The cited write is written at once; the derived one waits.
    expect(alone).toEqual(['offload']);
    // A ride without the carry sees nothing of it.
    await withRide(async () => expect(derived.has(sink)).toBe(false));
    // The next ride of the carry takes it in: its append takes it (nothing written alone).
    await withRide(
      async () => {
        expect(derived.take(sink)).toEqual(['ladder']);
      },
      { carry },
    );
    expect(alone).toEqual(['offload']);
    // Taken in but not taken by an append, in a ride that does not keep: written alone at its end.
    await withRide(async () => void derived.offer(sink, 'again', async () => void alone.push('again')), {
      carry,
      keep: true,
    });
    await withRide(async () => {}, { carry });
    expect(alone).toEqual(['offload', 'again']);
  });

  it('kept writes no ride takes in are written alone once they have waited; only a keeping ride says it keeps', async () => {
    const derived = createRideChannel<string>({ carries: true });
    const carry = createRideCarry();
    const alone: string[] = [];
    expect(isKeepingRide()).toBe(false);
    await withRide(async () => expect(isKeepingRide()).toBe(false), { carry });
    await withRide(
      async () => {
        expect(isKeepingRide()).toBe(true);
        derived.offer(sink, 'ladder', async () => void alone.push('ladder'));
      },
      { carry, keep: true },
    );
    expect(alone).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, carryWaitMs + 100));
    expect(alone).toEqual(['ladder']);
    // Written once: a later ride of the carry finds nothing.
    await withRide(async () => expect(derived.take(sink)).toEqual([]), { carry });
    expect(alone).toEqual(['ladder']);
  });

  it('a ride of a carry whose kept writes are being written alone starts its work once they are written', async () => {
    const derived = createRideChannel<string>({ carries: true });
    const order: string[] = [];
    let idle = 0;
    const carry = createRideCarry({ written: () => idle++ });
    await withRide(
      async () => {
        derived.offer(sink, 'ladder v1', async () => {
          // A slow store: the write is in flight when the next ride starts.
          await new Promise((resolve) => setTimeout(resolve, 300));
          order.push('v1 written alone');
        });
      },
      { carry, keep: true },
    );
    expect(carryInUse(carry)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, carryWaitMs + 50));
    expect(carryInUse(carry)).toBe(true); // writing
    await withRide(async () => void order.push('next ride: v2'), { carry });
    expect(order).toEqual(['v1 written alone', 'next ride: v2']);
    expect(idle).toBe(1);
    expect(carryInUse(carry)).toBe(false);
  });

  it('what a carry still holds is written before the process exits normally', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-carry-'));
    try {
      const out = join(dir, 'written.txt');
      const script = join(dir, 'carry.ts');
      const module = pathToFileURL(join(import.meta.dirname, 'ride-on-append.ts')).href;
      writeFileSync(
        script,
        `import { writeFileSync } from 'node:fs';
import { createRideCarry, createRideChannel, withRide } from ${JSON.stringify(module)};
const channel = createRideChannel({ carries: true });
const carry = createRideCarry();
await withRide(async () => {
  channel.offer({}, 'ladder', async () => writeFileSync(${JSON.stringify(out)}, 'ladder'));
}, { carry, keep: true });
`,
      );
      const run = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', script], {
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe('ladder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
