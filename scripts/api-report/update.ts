/** `npm run api:update`: rewrites the API reports in `api/` from the sources, removing reports of entries that no longer exist. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderApiReports, reportDir } from './api-report.ts';

const reports = renderApiReports();
mkdirSync(reportDir, { recursive: true });
for (const file of readdirSync(reportDir)) {
  const path = join(reportDir, file);
  if (file.endsWith('.api.md') && !reports.has(path)) rmSync(path);
}
for (const [path, text] of reports) {
  writeFileSync(path, text);
  console.log(`[api-report] wrote ${relative(process.cwd(), path)}`);
}
