import { describe, expect, it } from 'vitest';
import { smokeRun } from './smoke-run.ts';

// A file of its own (as the inspector's smoke run): the bench harness's smoke runs, each minutes long on a 2-core
// machine, spread over the test workers instead of running one after another in one file.
describe('bench harness: issue 23 suites', () => {
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
});
