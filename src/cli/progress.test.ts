import { describe, expect, it } from 'vitest';
import { createProgress, noProgress } from './progress.ts';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, isTTY, columns: 60, write: (t: string) => written.push(t) };
};
const run = (p: ReturnType<typeof createProgress>) => {
  p.start('ingest', 4);
  p.tick(2);
  p.tick(2);
  p.stop();
};

describe('createProgress', () => {
  it('draws nothing when the stream is not a terminal, or when turned off (--json)', () => {
    const pipe = stream(false);
    expect(createProgress({ stream: pipe })).toBe(noProgress);
    run(createProgress({ stream: pipe }));
    const tty = stream(true);
    run(createProgress({ stream: tty, enabled: false }));
    expect([...pipe.written, ...tty.written]).toEqual([]);
  });

  it('on a terminal draws one line, redrawn in place, and clears it at the end', () => {
    const tty = stream(true);
    let now = 0;
    const p = createProgress({ stream: tty, now: () => now });
    p.start('ingest', 4);
    p.tick(); // too soon after the first draw: skipped
    now = 1000;
    p.tick();
    p.tick(2); // the last step is always drawn
    p.stop();
    expect(tty.written.length).toBe(4);
    expect(tty.written[0]).toMatch(/^\ringest \[ +\] 0% 0\/4\x1b\[K$/);
    expect(tty.written[1]).toMatch(/\] 50% 2\/4/);
    expect(tty.written[2]).toMatch(/^\ringest \[=+\] 100% 4\/4/);
    expect(tty.written[3]).toBe('\r\x1b[K');
    expect(tty.written.every((w) => !w.includes('\n'))).toBe(true);
  });
});
