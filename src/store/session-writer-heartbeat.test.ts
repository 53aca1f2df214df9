import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeatMs, startHeartbeat } from './session-writer.ts';

afterEach(() => vi.useRealTimers());

describe('startHeartbeat with a beat slower than heartbeatMs', () => {
  it('beats do not pile up: stop() waits only for the beat under way', async () => {
    vi.useFakeTimers();
    let started = 0;
    let stopping = false;
    let startedAfterStop = 0;
    const hb = startHeartbeat(async () => {
      started++;
      if (stopping) startedAfterStop++;
      await new Promise((r) => setTimeout(r, 4 * heartbeatMs)); // a stalled store: each write takes 20 s
    });
    await vi.advanceTimersByTimeAsync(12 * heartbeatMs); // one minute
    stopping = true;
    const stopped = hb.stop();
    await vi.advanceTimersByTimeAsync(100 * heartbeatMs);
    await stopped;
    expect(started).toBeGreaterThan(1); // it beat while the store stalled
    expect(startedAfterStop).toBe(0);
  });
});
