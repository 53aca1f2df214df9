import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApiReports, reportDir } from './api-report.ts';

describe('the API report', () => {
  const reports = renderApiReports();

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
