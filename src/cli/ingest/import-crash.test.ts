import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import type { ImportChildConfig } from '../../../test-support/reliability/import-child.ts';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { prng } from '../../../test-support/reliability/writer-messages.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { serializeMessage } from '../../messages/serialize.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { importMarker } from './write-sessions.ts';

const messages = 6000;
const scope = { tenant: 'default' };
const metadata = { source: 'crash-test', n: messages };

/** Where the child imports to, and how the parent opens the same store. */
interface Target {
  child: Omit<ImportChildConfig, 'file'>;
  open(): MemoryStoreV1;
  /**
   * Resolves once a killed child's writes are settled in the store: on PostgreSQL its server backends have ended
   * (one may still be running a COMMIT the child sent before it was killed, which a read before then misses).
   */
  settled(): Promise<void>;
  done(): Promise<unknown>;
}

/** Waits until no backend of the server runs under `application` (the killed child's connections), up to 30 s. */
async function backendsEnded(url: string, application: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [application],
      );
      if (rows[0]?.n === 0) return;
    }
    throw new Error(`backends of ${application} still running after 30 s`);
  } finally {
    await client.end();
  }
}

const drivers: { name: string; kills: number; skip: boolean; setup(dir: string): Promise<Target> }[] = [
  {
    name: 'sqlite',
    kills: 8,
    skip: false,
    async setup(dir) {
      const db = join(dir, 'import.db');
      createSqliteStore({ path: db }).close();
      return {
        child: { db },
        open: () => createSqliteStore({ path: db }),
        settled: async () => {},
        done: async () => {},
      };
    },
  },
  {
    name: 'postgres',
    kills: 8,
    skip: !testPostgresUrl(),
    async setup() {
      const pg = await createTestSchema('engram_import');
      // The child's connections carry a name of their own, so the parent can wait for them to end after a kill.
      const application = `import_child_${pg.name}`.slice(0, 63);
      const childUrl = new URL(pg.url);
      childUrl.searchParams.set('application_name', application);
      return {
        child: { pg: { url: childUrl.toString(), schema: pg.name } },
        open: () => createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 }),
        settled: () => backendsEnded(pg.url, application),
        done: () => pg.drop(),
      };
    },
  },
  {
    name: 'json-file',
    kills: 5,
    skip: false,
    async setup(dir) {
      const directory = join(dir, 'store');
      return {
        child: { jsonFile: directory },
        open: () => createJsonFileStore({ directory }),
        settled: async () => {},
        done: async () => {},
      };
    },
  },
];

/** A session file of `messages` messages. */
function sessionFile(dir: string): string {
  const lines = [JSON.stringify({ type: 'session', id: 'big', metadata })];
  for (let i = 0; i < messages; i++) {
    const message = {
      id: `m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}: the weather in Lisbon`,
      createdAt: new Date(1_700_000_000_000 + i),
    } as MemoryMessage;
    lines.push(`{"type":"message","message":${serializeMessage(message)}}`);
  }
  const file = join(dir, 'big.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** What the store holds of session `big`: absent, incomplete (marked), or complete (every message, its metadata). */
async function stateOf(
  target: Target,
): Promise<{ state: 'absent' | 'incomplete' | 'complete'; count: number }> {
  const store = target.open();
  try {
    const session = await store.getSession(scope, 'big');
    if (!session) return { state: 'absent', count: 0 };
    const { count } = await store.stats(scope, 'big');
    if (session.metadata[importMarker] === 'incomplete') return { state: 'incomplete', count };
    expect(session.metadata).toEqual(metadata);
    expect(count).toBe(messages);
    const last = await store.readRange(scope, 'big', { fromSeq: 1, limit: messages + 1 });
    expect(last.map((e) => e.message.id)).toEqual(Array.from({ length: messages }, (_, i) => `m${i}`));
    return { state: 'complete', count };
  } finally {
    await store.close();
  }
}

/** Runs the import child to its end; returns how long it took (ms). */
async function importWhole(config: ImportChildConfig): Promise<number> {
  const run = runChildScript('./import-child.ts', config);
  await run.waitForLine((l) => l === 'started');
  const t0 = performance.now();
  const exit = await run.exited;
  expect(exit.code, run.stderr()).toBe(0);
  expect(run.lines, run.stderr()).toContain('done 0');
  return performance.now() - t0;
}

describe('engram import under SIGKILL: nothing, or a session the next run completes (issue 21, defect 4)', () => {
  for (const driver of drivers)
    it.skipIf(driver.skip)(
      `${driver.name}: ${driver.kills} kills at random moments of a ${messages}-message import; a re-run completes it`,
      async () => {
        const dir = await tempDir('import-crash');
        const target = await driver.setup(dir.path);
        const config: ImportChildConfig = { file: sessionFile(dir.path), ...target.child };
        const random = prng(21_004 + driver.name.length);
        const seen: string[] = [];
        try {
          const whole = await importWhole(config);
          expect((await stateOf(target)).state).toBe('complete');
          for (let kill = 1; kill <= driver.kills; kill++) {
            const store = target.open();
            await store.deleteSession(scope, 'big');
            await store.close();
            const run = runChildScript('./import-child.ts', config);
            await run.waitForLine((l) => l === 'started');
            await sleep(Math.floor(random() * whole));
            run.child.kill('SIGKILL');
            const exit = await run.exited;
            await target.settled();
            const after = await stateOf(target);
            seen.push(`${exit.signal === 'SIGKILL' ? 'killed' : 'finished'}:${after.state}:${after.count}`);
            if (exit.signal !== 'SIGKILL') expect(after.state).toBe('complete');
            if (after.state === 'complete') continue; // killed after the commit: a re-run is refused, rightly
            await importWhole(config); // the next run completes (or replaces) what the crash left
            expect((await stateOf(target)).state).toBe('complete');
          }
          // The kills landed in the middle of the writes, not only before or after them.
          expect(
            seen.some((s) => s.startsWith('killed:incomplete')),
            seen.join(' '),
          ).toBe(true);
        } finally {
          console.log(`[import crash ${driver.name}] ${seen.join(' ')}`);
          await target.done();
          await dir.remove();
        }
      },
      600_000,
    );
});
