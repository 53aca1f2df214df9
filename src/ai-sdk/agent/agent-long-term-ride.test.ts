import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStepCount } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  agentWithLongTerm,
  type FullStore,
  recordedAlone,
  recordsOf,
} from '../../../test-support/agent-long-term-rig.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { LongTermEmbedder } from '../../longterm/embedder.ts';

/**
 * The run's long-term record riding on its last step's append (one commit on the SQL stores) records what recording
 * alone records: the same ids, kinds, texts and source messages, run after run (the second run's first turn has
 * the first run's last words as context); where it cannot ride (other stores, a long-term memory on another
 * store, an embedder, a run stopped after tool calls) the run records after its loop, as before.
 */

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-ride-'));
let schema: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await schema?.drop();
});

/** Two runs (4 and 2 tool steps); the records equal recording each run's messages alone, in order. */
async function sameAsAlone(
  store: FullStore,
  rides: boolean,
  options: Parameters<typeof agentWithLongTerm>[1] = {},
) {
  const rig = agentWithLongTerm(store, options);
  const first = await rig.run(4);
  const second = await rig.run(2);
  await rig.longTerm.flush();
  const records = await recordsOf(rig.longTerm);
  expect(records.length).toBeGreaterThan(4);
  expect(records.filter((r) => r.kind === 'fact').length).toBeGreaterThan(0); // self facts rode too
  expect(records).toEqual(await recordedAlone([first, second]));
  expect(rig.recordAfterRun).toHaveBeenCalledTimes(rides ? 0 : 2);
}

describe('agent: the long-term record on the last step', () => {
  it('on SQLite rides on the append and records what recording alone records', async () => {
    const store = await openSqliteStore({ path: join(dir, 'ride.db') });
    try {
      await sameAsAlone(store, true);
    } finally {
      await store.close();
    }
  });

  it('on PostgreSQL rides on the append and records what recording alone records', async () => {
    schema ??= await createTestSchema('engram_ltm_ride');
    const store = createPostgresStore({
      connectionString: schema.url,
      schema: schema.name,
      maxConnections: 4,
    });
    try {
      await sameAsAlone(store, true);
    } finally {
      await store.close();
    }
  });

  it('in memory and in JSON files is recorded after the run', async () => {
    await sameAsAlone(createMemoryStore(), false);
    const json = createJsonFileStore({ directory: join(dir, 'json') });
    try {
      await sameAsAlone(json, false);
    } finally {
      await json.close();
    }
  });

  it('with the long-term memory on another store is recorded after the run', async () => {
    const store = await openSqliteStore({ path: join(dir, 'conversation.db') });
    const other = await openSqliteStore({ path: join(dir, 'long-term.db') });
    const third = await openSqliteStore({ path: join(dir, 'beside-memory.db') });
    try {
      await sameAsAlone(store, false, { longTermStore: other });
      await sameAsAlone(third, false, { longTermStore: createMemoryStore() });
    } finally {
      for (const s of [store, other, third]) await s.close();
    }
  });

  it('with an embedder is recorded after the run (no embedding inside the write transaction)', async () => {
    const embedded: string[] = [];
    const embedder: LongTermEmbedder = {
      id: 'toy-2',
      batchSize: 16,
      maxChars: 100_000,
      async embed(texts) {
        embedded.push(...texts);
        return texts.map((t) => [t.length % 7, 1]);
      },
    };
    const store = await openSqliteStore({ path: join(dir, 'embedder.db') });
    try {
      await sameAsAlone(store, false, { longTerm: { embedding: embedder } });
      expect(embedded.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('of a run stopped after tool calls is recorded after the run', async () => {
    const store = await openSqliteStore({ path: join(dir, 'stopped.db') });
    try {
      const rig = agentWithLongTerm(store, { stopWhen: isStepCount(2) });
      const messages = await rig.run(4);
      expect(messages.at(-1)?.role).toBe('tool');
      expect(rig.recordAfterRun).toHaveBeenCalledTimes(1);
      expect(await recordsOf(rig.longTerm)).toEqual(await recordedAlone([messages]));
    } finally {
      await store.close();
    }
  });
});
