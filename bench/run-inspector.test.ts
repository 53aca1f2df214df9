import { describe, expect, it } from 'vitest';
import { smokeRun } from './smoke-run.ts';

describe('bench harness: inspector suite', () => {
  it('runs the inspector section at smoke size: the real engram inspect in Chromium, every page checked', () => {
    const report = smokeRun(['--quick', '--only', 'inspector', '--no-postgres']);
    const [section] = report.sections;
    expect(section?.id).toBe('inspector');
    expect(section!.markdown).toContain('PostgreSQL skipped: left out (--no-postgres)');
    for (const tab of ['messages', 'steps'])
      expect(section!.markdown).toMatch(new RegExp(`\\| SQLite \\(power\\) \\| 2,000 \\| ${tab} \\| \\d`));
  }, 300_000);
});
