import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runnableSource } from './readme-blocks.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const blocks = readmeBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
// Inside the repository, so that a block's bare imports (`ai`, `zod`, …) resolve in its node_modules.
mkdirSync(join(root, 'test-artifacts'), { recursive: true });
const dir = mkdtempSync(join(root, 'test-artifacts', 'readme-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each block as its own module, in its own folder (its working directory: `memory.db` is its own file). */
const files = blocks.map((block) => {
  const cwd = join(dir, `line-${block.line}`);
  mkdirSync(cwd);
  const file = join(cwd, 'block.ts');
  writeFileSync(file, runnableSource(block.code, root));
  return { block, cwd, file };
});
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    extends: join(root, 'tsconfig.json'),
    compilerOptions: { noUnusedLocals: false, rewriteRelativeImportExtensions: false },
    include: ['line-*/block.ts'],
  }),
);

/** `line-<n>/block.ts(<row>,<col>)` in a compiler message as the README line it is: `README.md:<n + row - 1>`. */
const readmeLines = (output: string) =>
  output.replace(
    /[^\s]*line-(\d+)\/block\.ts\((\d+),(\d+)\)/g,
    (_m, start: string, row: string, col: string) => `README.md:${Number(start) + Number(row) - 1}:${col}`,
  );

describe('README.md: every TypeScript block type-checks and runs as written (models scripted)', () => {
  it('finds the blocks', () => expect(blocks.length).toBeGreaterThanOrEqual(10));

  it('type-checks every block against the sources', () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`README blocks do not type-check:\n${readmeLines(r.stdout + r.stderr)}`);
  }, 180_000);

  for (const { block, cwd, file } of files) {
    it(`README.md:${block.line}`, () => {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.OPENAI_API_KEY;
      delete env.ANTHROPIC_API_KEY;
      const r = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
        cwd,
        env,
        encoding: 'utf8',
        timeout: 100_000,
      });
      if (r.status !== 0)
        throw new Error(
          `README.md:${block.line}: the block failed (exit ${r.status ?? r.signal})\n${r.stderr}${r.stdout}`,
        );
    }, 120_000);
  }
});
