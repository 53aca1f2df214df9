import { describe, expect, it } from 'vitest';
import { benchSizes, parseBenchArgs, resolveSections } from './harness.ts';
import { addCommandLines, checkSection } from './section-check.ts';
import { smokeRun } from './smoke-run.ts';

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
});
