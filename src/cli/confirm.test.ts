import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { confirm } from './confirm.ts';
import { UsageError } from './open-store.ts';

/** A fake terminal: an input that answers `answer`, an output that collects the question. */
function terminal(answer: string, isTTY = true) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = Object.assign(new PassThrough(), { isTTY });
  let asked = '';
  output.on('data', (chunk: Buffer) => {
    asked += chunk.toString();
    if (asked.includes('[y/N] ') && !input.writableEnded) input.end(`${answer}\n`);
  });
  return { input, output, asked: () => asked };
}

describe('confirm (destructive commands)', () => {
  it('on a terminal asks, and only y or yes goes ahead', async () => {
    for (const [answer, expected] of [
      ['y', true],
      ['YES', true],
      ['', false],
      ['n', false],
      ['yes please', false],
    ] as const) {
      const t = terminal(answer);
      expect(await confirm('delete session "a"?', t), answer).toBe(expected);
      expect(t.asked()).toContain('delete session "a"? [y/N] ');
    }
  });

  it('with yes asks nothing; without a terminal refuses with a usage error naming --yes', async () => {
    const t = terminal('n', false);
    expect(await confirm('delete?', { ...t, yes: true })).toBe(true);
    await expect(confirm('delete?', t)).rejects.toThrow(UsageError);
    await expect(confirm('delete?', t)).rejects.toThrow(/give --yes/);
    expect(t.asked()).toBe('');
  });
});
