import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchSizes, parseBenchArgs, resolveSections } from './harness.ts';
import { addCommandLines, checkSection } from './section-check.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchmarks = join(root, 'BENCHMARKS.md');

describe('bench harness', () => {
  it('resolves sections by name or unique prefix and states the exact command', () => {
    expect(resolveSections(['storage', 'context'])).toEqual(['storage', 'context-assembly']);
    expect(() => resolveSections(['nope'])).toThrow(/unknown section "nope"/);
    const args = parseBenchArgs(['--only', 'storage,context', '--quick', '--preliminary']);
    expect(args).toMatchObject({ names: ['storage', 'context'], quick: true, write: false });
    expect(args.preliminary).toBe('machine loaded by parallel work');
    expect(args.command).toBe('npm run bench -- --only storage,context --quick --preliminary');
    expect(() => parseBenchArgs(['--fast'])).toThrow(/unknown flag --fast/);
    const before = parseBenchArgs(['--only', 'write-path'], { ENGRAM_BENCH_BEFORE: 'abc1234', HOME: '/x' });
    expect(before.command).toBe('ENGRAM_BENCH_BEFORE=abc1234 npm run bench -- --only write-path');
    const sized = parseBenchArgs(['--only', 'cold-start'], { ENGRAM_BENCH_SIZES: '10000,50000' });
    expect(sized.command).toBe('ENGRAM_BENCH_SIZES=10000,50000 npm run bench -- --only cold-start');
    expect(benchSizes([1, 2], { ENGRAM_BENCH_SIZES: '10000,50000' })).toEqual([10_000, 50_000]);
    expect(benchSizes([1, 2], {})).toEqual([1, 2]);
    expect(() => benchSizes([1], { ENGRAM_BENCH_SIZES: '10k' })).toThrow(/positive integers/);
  });

  it('finds tables without a Command line, short rows and NaN figures', () => {
    const table = '| a | b |\n| --- | --- |\n| 1 | 2 |';
    expect(checkSection(`## S\n\nCommand: \`npm run bench\`\n\n${table}`)).toEqual([]);
    expect(checkSection(`## S\n\n${table}`)).toHaveLength(1);
    expect(checkSection(`## S\n\nCommand: \`ENGRAM_BENCH_BEFORE=abc npm run bench\`\n\n${table}`)).toEqual(
      [],
    );
    const command = 'Command: `npm run bench -- --quick`';
    const stated = addCommandLines(`## S\n\nCommand: \`npm run bench\`\n\n${table}\n\n${table}`, command);
    expect(checkSection(stated)).toEqual([]);
    expect(stated.split(command)).toHaveLength(3); // above both tables: the section's own line is not exact
    expect(
      checkSection(`## S\n\nCommand: \`npm run bench\`\n\n| a | b |\n| --- | --- |\n| NaN |`),
    ).toHaveLength(2);
  });

  it('runs the context, storage and write-path sections at smoke sizes, leaving BENCHMARKS.md alone', () => {
    const only = 'context-assembly,storage,write-path';
    const flags = ['--quick', '--only', only, '--no-peers', '--no-postgres', '--preliminary'];
    const report = smokeRun(flags);
    expect(report.sections.map((s) => s.id)).toEqual(only.split(','));
    for (const s of report.sections)
      expect(s.markdown).toContain('**Preliminary (machine loaded by parallel work)');
  }, 180_000);

  it('runs the agent-step and cold-start sections at smoke sizes, each measurement in a fresh process', () => {
    const report = smokeRun(['--quick', '--only', 'agent-step,cold-start']);
    expect(report.sections.map((s) => s.id)).toEqual(['agent-step', 'cold-start']);
    const [agentStep, coldStart] = report.sections;
    expect(agentStep!.markdown).toMatch(/\| 400 \| engram `agent\(\)`, full memory stack \| \d/);
    expect(agentStep!.markdown).toMatch(/\| 400 \| bare AI SDK loop \| \d/);
    // The warm pair at the last quick size: warm CPU, cold CPU, warm ÷ cold.
    expect(agentStep!.markdown).toContain('### Warm process at 400 messages');
    for (const contender of ['engram `agent\\(\\)`, full memory stack', 'bare AI SDK loop'])
      expect(agentStep!.markdown).toMatch(
        new RegExp(`\\| 400 \\| ${contender} \\| \\d[\\d.]* \\| \\d[\\d.]* \\| [\\d.]+× \\|`),
      );
    expect(coldStart!.markdown).toMatch(/\| 6\d\d \| `createAutoContextMemory` \| \d/);
    // The reads after one new turn: each view at both step sizes, and their target lines.
    const steps = coldStart!.markdown.split('### The read after one new turn, the view open')[1] ?? '';
    for (const view of ['createTokenWindowMemory', 'createCitationMemory', 'createAutoContextMemory'])
      expect(
        steps.match(new RegExp(`\\| \`${view}\` \\| \\d[\\d.]* \\| \\d[\\d.]* \\| \\d`, 'g')),
      ).toHaveLength(2);
    expect(coldStart!.markdown).toMatch(/`createCitationMemory` `read\(\)` after one new turn .*target ≤ 2×/);
    for (const s of report.sections) expect(s.markdown).toContain('Targets (issue 23):');
  }, 600_000);

  it('runs the inspector section at smoke size: the real engram inspect in Chromium, every page checked', () => {
    const report = smokeRun(['--quick', '--only', 'inspector', '--no-postgres']);
    const [section] = report.sections;
    expect(section?.id).toBe('inspector');
    expect(section!.markdown).toContain('PostgreSQL skipped: left out (--no-postgres)');
    for (const tab of ['messages', 'steps'])
      expect(section!.markdown).toMatch(new RegExp(`\\| SQLite \\(power\\) \\| 2,000 \\| ${tab} \\| \\d`));
  }, 300_000);
});

/**
 * Runs `bench/run.ts` with `flags` and `--json`; checks every section it wrote (well-formed, no unfilled
 * placeholder, the exact command stated) and that BENCHMARKS.md is left as it was; returns the report.
 */
function smokeRun(flags: readonly string[]): {
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
