import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApiReports, reportDir } from './api-report.ts';

/**
 * The budget of the root entry (`engram`): what a user of conversation memory, views, content, long-term and
 * working memory needs, and nothing else. Raising a number is an explicit change, made in the same commit as
 * the exports that need it, with its reason in the commit message and here.
 * - 70 values, 200 names (issue 22): the root went 178 → 102 → 328 names by accretion; after the split into
 *   `engram/converters`, `engram/memory-tool`, `engram/mem0`, `engram/patterns` and `engram/driver` it holds
 *   55 values and 197 names.
 */
const rootBudget = { values: 70, names: 200 };

/** The rows `| \`name\` | kind |` of a report. */
function reportRows(report: string): { name: string; kind: string }[] {
  return [...report.matchAll(/^\| `([^`]+)` \| (.+) \|$/gm)].map(([, name = '', kind = '']) => ({
    name,
    kind,
  }));
}

describe('the API report', () => {
  const reports = renderApiReports();

  it(`keeps the root entry within its budget (${rootBudget.values} values, ${rootBudget.names} names)`, () => {
    const root = reports.get(join(reportDir, 'engram.api.md'));
    expect(root, 'the root entry has a report').toBeDefined();
    const rows = reportRows(root ?? '');
    const values = rows.filter(
      (row) => /\b(class|function|const|let|enum)\b/.test(row.kind) && !row.kind.startsWith('type-only'),
    );
    expect(rows.length, 'names exported from the root').toBeGreaterThan(0);
    expect(
      values.length,
      `values exported from the root: ${values.map((row) => row.name).join(', ')}`,
    ).toBeLessThanOrEqual(rootBudget.values);
    expect(rows.length, 'names exported from the root').toBeLessThanOrEqual(rootBudget.names);
  });

  it('has one checked-in report per entry point and no other', () => {
    const files = existsSync(reportDir)
      ? readdirSync(reportDir).filter((file) => file.endsWith('.api.md'))
      : [];
    expect(files.sort(), 'run `npm run api:update` and commit api/').toEqual(
      [...reports.keys()].map((path) => basename(path)).sort(),
    );
  });

  for (const [path, expected] of reports) {
    it(`matches the exports of ${basename(path)}`, () => {
      const checkedIn = existsSync(path) ? readFileSync(path, 'utf8') : '';
      expect(
        checkedIn,
        `the public API changed: run \`npm run api:update\`, review the diff of ${join('api', basename(path))} and commit it`,
      ).toBe(expected);
    });
  }
});
