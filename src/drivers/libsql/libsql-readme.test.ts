import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The TypeScript blocks of one README section. */
function blocks(section: string): string[] {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  const start = text.indexOf(`\n## ${section}\n`);
  expect(start, `README section "${section}"`).toBeGreaterThan(0);
  const end = text.indexOf('\n## ', start + 1);
  const body = text.slice(start, end < 0 ? undefined : end);
  return [...body.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** A block with `engram` and `engram/<entry>` imports pointed at this checkout's sources. */
function local(code: string): string {
  return code.replace(/from '(engram(?:\/([a-z-]+))?)'/g, (_, _name, entry: string | undefined) => {
    const file = join(root, 'src', `${entry ?? 'index'}.ts`);
    return `from ${JSON.stringify(file)}`;
  });
}

describe('README: Writing a driver', () => {
  it('its worked example runs as written (against this checkout)', () => {
    const [example] = blocks('Writing a driver');
    expect(example).toContain("from 'engram/libsql'");
    const file = join(dir, 'writing-a-driver.mts');
    writeFileSync(file, local(example!));
    const run = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('We adopted a puppy named Scout / Ada has a puppy, Scout');
  });
});
