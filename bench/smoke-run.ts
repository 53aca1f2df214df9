import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { checkSection } from './section-check.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchmarks = join(root, 'BENCHMARKS.md');

/**
 * Runs `bench/run.ts` with `flags` and `--json`; checks every section it wrote (well-formed, no unfilled
 * placeholder, the exact command stated) and that BENCHMARKS.md is left as it was; returns the report.
 */
export function smokeRun(flags: readonly string[]): {
  command: string;
  sections: { id: string; markdown: string }[];
} {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-smoke-'));
  const before = readFileSync(benchmarks, 'utf8');
  try {
    const out = join(dir, 'report.json');
    const run = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', 'bench/run.ts', ...flags, '--json', out],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ENGRAM_BENCH_BEFORE: '', ENGRAM_BENCH_SIZES: '' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      command: string;
      sections: { id: string; markdown: string }[];
    };
    expect(report.command).toBe(`npm run bench -- ${flags.join(' ')} --json ${out}`);
    for (const s of report.sections) {
      expect(checkSection(s.markdown), s.id).toEqual([]);
      expect(s.markdown, `${s.id}: a template placeholder left unfilled`).not.toMatch(/\$\{|\$[a-z]+[.(]/i);
      expect(s.markdown).toContain(`Command: \`${report.command}\``);
    }
    expect(readFileSync(benchmarks, 'utf8')).toBe(before);
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
