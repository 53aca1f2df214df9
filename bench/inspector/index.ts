/**
 * The inspector suite (issue 12: "a 10,000-message session opens in under a second"): sessions of 1k, 10k and
 * 100k messages with recorded steps on SQLite (`power`) and PostgreSQL (when `scripts/pg-server.sh` can start
 * one; `--no-postgres` leaves it out), opened through the real `engram inspect` in headless Chromium; and what
 * recording an agent step costs beside the window read.
 *
 *   npm run bench -- --only inspector            # 1k / 10k / 100k messages, 11 runs after 2 warm-ups
 *   npm run bench -- --only inspector --quick    # 500 / 2k messages, printed only
 */

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';
import { ensureChromium, launchBrowser } from '../../test-support/inspector/browser.ts';
import { startInspect } from '../../test-support/inspector/inspect-binary.ts';
import { int, type Suite } from '../report.ts';
import { startPgServer } from '../storage/pg-server.ts';
import { type OpenTimes, timeOpening } from './browse.ts';
import { type InspectorFigures, type InspectorRow, renderInspector } from './section.ts';
import { type StepTimes, scriptSession, sessionIdOf, storeSession } from './sessions.ts';

/** The sizes and repetitions of a full and a quick run. */
export function inspectorPlan(quick: boolean): InspectorFigures['plan'] {
  return quick
    ? { sizes: [500, 2_000], steps: 10, stepWarmups: 2, runs: 3, warmups: 1 }
    : { sizes: [1_000, 10_000, 100_000], steps: 50, stepWarmups: 2, runs: 11, warmups: 2 };
}

/** A store the sessions are written to, and the `engram` flags that open it. */
interface Backend {
  name: string;
  store: MemoryStoreV1 & { close(): unknown };
  args: string[];
}

const tenant = 'bench';

/** The inspector benchmark suite. */
export const inspector: Suite = async (options) => {
  const { log } = options;
  const plan = inspectorPlan(options.quick);
  const started = performance.now();
  const loadAtStart = os.loadavg()[0]!;
  const dir = mkdtempSync(join(os.tmpdir(), 'engram-bench-inspector-'));
  const file = join(dir, 'inspector.db');
  const pg = options.postgres === false ? 'left out (--no-postgres)' : await startPgServer(log);
  const backends: Backend[] = [];
  let open = true;
  const closeStores = async () => {
    if (open) for (const b of backends) await b.store.close();
    open = false;
  };
  try {
    backends.push({ name: 'SQLite (power)', store: createSqliteStore({ path: file }), args: ['--db', file] });
    if (typeof pg !== 'string')
      backends.push({
        name: 'PostgreSQL',
        store: createPostgresStore({ connectionString: pg.url, schema: pg.schema }),
        args: ['--pg', pg.url, '--schema', pg.schema],
      });
    const counter = createTokenCounter({ encoding: 'o200k_base' });
    const steps = new Map<string, StepTimes>();
    for (const size of plan.sizes) {
      log(`scripting ${int(size)} messages…`);
      const script = scriptSession(size, plan.steps, counter);
      for (const b of backends) {
        log(`  ${b.name}: storing ${int(size)} messages, the last ${plan.steps} turns as recorded steps`);
        const times = await storeSession(b.store, { tenant }, script, counter, plan.stepWarmups);
        steps.set(`${b.name}/${size}`, times);
      }
    }
    await closeStores(); // the inspector opens the databases itself
    const opened = new Map<string, OpenTimes>();
    const browser = await launchBrowser(ensureChromium());
    try {
      for (const b of backends) {
        const server = await startInspect([...b.args, '--tenant', tenant, 'inspect', '--port', '0']);
        log(`  ${b.name}: opening sessions at ${server.url} (${plan.warmups} + ${plan.runs} runs)`);
        try {
          const targets = plan.sizes.map((size) => ({
            id: sessionIdOf(size),
            messages: size,
            steps: plan.steps,
          }));
          for (const [id, times] of await timeOpening(browser.context, server.origin, targets, plan))
            opened.set(`${b.name}/${id}`, times);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await browser.close();
    }
    const rows: InspectorRow[] = backends.flatMap((b) =>
      plan.sizes.map((size) => ({
        store: b.name,
        size,
        steps: steps.get(`${b.name}/${size}`)!,
        open: opened.get(`${b.name}/${sessionIdOf(size)}`)!,
      })),
    );
    const figures: InspectorFigures = {
      rows,
      plan,
      sqliteBytes: statSync(file).size,
      ...(typeof pg === 'string' ? { postgresSkipped: pg } : {}),
      seconds: (performance.now() - started) / 1000,
      load: [loadAtStart, os.loadavg()[0]!],
    };
    return { id: 'inspector', markdown: renderInspector(options, figures) };
  } finally {
    await closeStores();
    if (typeof pg !== 'string') await pg.release();
    rmSync(dir, { recursive: true, force: true });
  }
};
