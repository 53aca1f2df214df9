/**
 * The README's inspector screenshot (docs/inspector.png): `npm run demo`'s database, whose agent records every
 * step (`recordAssembly: true`, with the scripted model's provider-style input counts).
 *
 *   ENGRAM_DEMO_DIR=$(mktemp -d) npm run demo
 *   node scripts/inspector-screenshot.ts "$ENGRAM_DEMO_DIR/chat.db" docs/inspector.png
 *
 * It serves a copy of the database with the inspector and takes the screenshot of the step with the most sources
 * in Debian's Chromium (scripts/chromium.sh).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAssemblyRecords } from '../src/index.ts';
import { readOnlySource, startInspector } from '../src/inspector/index.ts';
import { createSqliteStore } from '../src/sqlite.ts';
import { ensureChromium, launchBrowser } from '../test-support/inspector/browser.ts';

const [source = '.engram-demo/chat.db', out = 'docs/inspector.png'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'engram-shot-'));
const path = join(dir, 'chat.db');
for (const suffix of ['', '-wal', '-shm'])
  if (existsSync(`${source}${suffix}`)) copyFileSync(`${source}${suffix}`, `${path}${suffix}`);

const scope = { tenant: 'demo', user: 'ada' }; // examples/chat-agent.ts
const store = createSqliteStore({ path });
/** The step shown: the one with the most sources, then the most tokens. */
let shown = { session: '', step: 0, sources: 0, tokens: 0 };
for (const session of await store.listSessions(scope)) {
  const records = await readAssemblyRecords(store, scope, session.id);
  records.forEach((record, step) => {
    const sources = Object.keys(record.bySource).length;
    if (sources > shown.sources || (sources === shown.sources && record.tokens > shown.tokens))
      shown = { session: session.id, step, sources, tokens: record.tokens };
  });
}
if (shown.session === '') throw new Error(`no recorded steps in ${source}: run npm run demo first`);

const running = await startInspector(readOnlySource(store, scope), { port: 0 });
const browser = await launchBrowser(ensureChromium(), { width: 1200, height: 800 });
try {
  const page = await browser.context.newPage();
  const route = `#/session/${shown.session}/steps?user=ada&step=${shown.step}`;
  await page.goto(`${running.url}${route}`);
  await page.locator(`body[data-route="${route}"][data-render-ms]`).waitFor({ state: 'attached' });
  await page.screenshot({ path: out });
  console.log(`${out}: ${shown.session}, step ${shown.step} (${shown.tokens} tokens)`);
} finally {
  await browser.close();
  await running.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
