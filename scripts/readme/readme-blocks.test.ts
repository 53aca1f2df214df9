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

describe('README.md: every TypeScript block runs as written (models scripted)', () => {
  it('finds the blocks', () => expect(blocks.length).toBeGreaterThanOrEqual(10));

  for (const block of blocks) {
    it(`README.md:${block.line}`, () => {
      const cwd = join(dir, `line-${block.line}`);
      mkdirSync(cwd);
      const file = join(cwd, 'block.ts');
      writeFileSync(file, runnableSource(block.code, root));
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.OPENAI_API_KEY;
      delete env.ANTHROPIC_API_KEY;
      const r = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
        cwd,
        env,
        encoding: 'utf8',
        timeout: 50_000,
      });
      if (r.status !== 0)
        throw new Error(
          `README.md:${block.line}: the block failed (exit ${r.status ?? r.signal})\n${r.stderr}${r.stdout}`,
        );
    });
  }
});
