import { describe, expect, it } from 'vitest';
import { untilAborted } from './until-aborted.ts';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('untilAborted', () => {
  it('gives the work when no signal, or no abort, comes', async () => {
    expect(await untilAborted(later(1, 5), undefined)).toBe(1);
    expect(await untilAborted(later(2, 5), new AbortController().signal)).toBe(2);
  });

  it('rejects with the reason as soon as the signal aborts, not when the work settles', async () => {
    const controller = new AbortController();
    const slow = later('done', 10_000);
    setTimeout(() => controller.abort(new Error('stop')), 5);
    const started = performance.now();
    await expect(untilAborted(slow, controller.signal)).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('rejects at once for a signal aborted before, and the work failing later is not an unhandled rejection', async () => {
    const controller = new AbortController();
    controller.abort(new Error('already'));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late')), 5));
      await expect(untilAborted(failing, controller.signal)).rejects.toThrow('already');
      await later(undefined, 30);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
