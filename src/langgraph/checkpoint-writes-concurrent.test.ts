import { join } from 'node:path';
import type { RunnableConfig } from '@langchain/core/runnables';
import { describe, expect, it } from 'vitest';
import { taskWriterCalls, taskWritesOfRound } from '../../test-support/langgraph/task-writers.ts';
import { putWritesArtifact, putWritesCheckpoint } from '../../test-support/langgraph/writes-thread.ts';
import { type ChildRun, runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import type { PutWritesChildConfig } from '../../test-support/reliability/put-writes-child.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { createSqliteStore } from '../sqlite.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { taskWritesArtifactId } from './storage-keys.ts';
import { dumpPayload } from './typed-payload.ts';

const scope = { tenant: 't' };
const writers = taskWriterCalls(0).length;

/** Checks, through a new saver on `store`, that task `task-<r>` of each round holds every writer's writes. */
async function expectEveryWrite(store: MemoryStoreV1, config: RunnableConfig, rounds: number) {
  const pending = (await createEngramCheckpointSaver({ store, scope }).getTuple(config))!.pendingWrites!;
  for (let round = 0; round < rounds; round++) {
    const mine = pending.filter(([task]) => task === `task-${round}`);
    expect(mine, `round ${round}`).toEqual(expect.arrayContaining(taskWritesOfRound(round)));
    expect(mine, `round ${round}`).toHaveLength(taskWritesOfRound(round).length);
  }
}

/**
 * `putWrites` merges a call's writes into what its task already stored. Savers on separate store handles, or in
 * separate processes, writing the same task of the same checkpoint at the same moment must not replace each
 * other's writes: afterwards the checkpoint's pending writes hold every writer's.
 */
describe('EngramCheckpointSaver.putWrites: concurrent writers of one task', () => {
  const rounds = 12;
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: ${writers} savers on separate handles writing one task at once each keep their writes`,
      async () => {
        const db = await driver.setup('lg_writes_concurrent');
        const stores = Array.from({ length: writers + 1 }, () => db.open());
        try {
          const config = await putWritesCheckpoint(stores[0]!, scope);
          const savers = stores.slice(1).map((store) => createEngramCheckpointSaver({ store, scope }));
          for (let round = 0; round < rounds; round++) {
            const calls = taskWriterCalls(round);
            await Promise.all(savers.map((saver, i) => saver.putWrites(config, calls[i]!, `task-${round}`)));
          }
          await expectEveryWrite(stores[0]!, config, rounds);
        } finally {
          for (const store of stores) await store.close();
          await db.done();
        }
      },
      120_000,
    );
  }

  it(`sqlite: ${writers} processes writing the same tasks of one checkpoint each keep their writes`, async () => {
    const processRounds = 25;
    const dir = await tempDir('lg-writes-processes');
    const path = join(dir.path, 'shared.db');
    const children: ChildRun[] = [];
    try {
      const setup = createSqliteStore({ path });
      const config = await putWritesCheckpoint(setup, scope);
      await setup.close();
      for (let writer = 0; writer < writers; writer++) {
        const child: PutWritesChildConfig = { path, config, writer, rounds: processRounds };
        children.push(runChildScript('./put-writes-child.ts', child));
      }
      await Promise.all(children.map((c) => c.waitForLine((l) => l === 'ready')));
      for (const c of children) sendGo(c);
      const exits = await Promise.all(children.map((c) => c.exited));
      for (const [i, c] of children.entries()) {
        expect(exits[i], `child ${i}: ${c.lines.join('\n')} ${c.stderr()}`).toEqual({
          code: 0,
          signal: null,
        });
        expect(c.lines.at(-1)).toBe(`done ${processRounds}`);
      }
      const store = createSqliteStore({ path });
      try {
        await expectEveryWrite(store, config, processRounds);
      } finally {
        await store.close();
      }
    } finally {
      for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
      await dir.remove();
    }
  }, 120_000);

  it('sqlite: calls of one task from two handles, one after the other: a special write is the latest, a regular one the first', async () => {
    const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
    const db = await sqlite.setup('lg_writes_order');
    const [a, b] = [db.open(), db.open()];
    try {
      const config = await putWritesCheckpoint(a, scope);
      const checkpoint = config.configurable!.checkpoint_id as string;
      const [first, second] = [a, b].map((store) => createEngramCheckpointSaver({ store, scope }));
      // A task's record as engram wrote it before call records (rewritten whole, no order of its own): read first.
      await putWritesArtifact(a, scope, checkpoint, taskWritesArtifactId('', checkpoint, 'task-1'), {
        ns: '',
        checkpoint,
        task: 'task-1',
        writes: [{ path: '', idx: -1, channel: '__error__', value: await dumpPayload(first!.serde, 'e0') }],
      });
      await first!.putWrites(
        config,
        [
          ['a', 'a1'],
          ['__error__', 'e1'],
        ],
        'task-1',
      );
      await second!.putWrites(
        config,
        [
          ['a', 'a2'],
          ['b', 'b2'],
          ['__error__', 'e2'],
        ],
        'task-1',
      );
      await first!.putWrites(config, [['__interrupt__', 'i3']], 'task-1');
      await second!.putWrites(config, [['__interrupt__', 'i4']], 'task-1');
      expect(
        (await createEngramCheckpointSaver({ store: b, scope }).getTuple(config))!.pendingWrites,
      ).toEqual([
        ['task-1', '__interrupt__', 'i4'],
        ['task-1', '__error__', 'e2'],
        ['task-1', 'a', 'a1'],
        ['task-1', 'b', 'b2'],
      ]);
    } finally {
      await a.close();
      await b.close();
      await db.done();
    }
  });
});
