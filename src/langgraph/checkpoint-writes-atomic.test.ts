import type { PendingWrite } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';
import { putWritesArtifact, putWritesCheckpoint } from '../../test-support/langgraph/writes-thread.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';
import { writeArtifactId } from './storage-keys.ts';
import { dumpPayload } from './typed-payload.ts';

const scope = { tenant: 't' };
const nullTask = '00000000-0000-0000-0000-000000000000';
const writesOf = (n: number, tag = 'v'): PendingWrite[] =>
  Array.from({ length: n }, (_, i) => [`c${i}`, `${tag}${i}`]);

/** `inner`, whose `putArtifact` fails (as a process killed there would stop) from its `after + 1`-th call on. */
function failingArtifacts(inner: MemoryStoreV1, after: number): MemoryStoreV1 {
  let calls = 0;
  return new Proxy(inner, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'putArtifact')
        return (...args: unknown[]) => {
          if (++calls > after) return Promise.reject(new Error('killed'));
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * LangGraph takes a task with any pending write as done and does not run it again, so the writes of one `putWrites`
 * must be seen and kept all or none: a reader in another handle never sees part of them, and a call cut short
 * (killed, or its store failing) keeps none of them.
 */
describe('EngramCheckpointSaver.putWrites: a task writes all or nothing', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: a reader in another handle sees none or all 30 writes of a call, never some`,
      async () => {
        const db = await driver.setup('lg_writes_whole');
        const [a, b] = [db.open(), db.open()];
        try {
          const config = await putWritesCheckpoint(a, scope);
          const writer = createEngramCheckpointSaver({ store: a, scope });
          const reader = createEngramCheckpointSaver({ store: b, scope });
          let done = false;
          const writing = writer.putWrites(config, writesOf(30), 'task-1').finally(() => {
            done = true;
          });
          const seen = new Set<number>();
          while (!done) seen.add((await reader.getTuple(config))!.pendingWrites!.length);
          await writing;
          seen.add((await reader.getTuple(config))!.pendingWrites!.length);
          expect([...seen].filter((n) => n !== 0 && n !== 30)).toEqual([]);
          expect(seen.has(30)).toBe(true);
        } finally {
          await a.close();
          await b.close();
          await db.done();
        }
      },
      60_000,
    );
  }

  it('sqlite: a call whose store fails part-way keeps none of its writes; its retry stores them all', async () => {
    const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
    const db = await sqlite.setup('lg_writes_cut');
    const store = db.open();
    try {
      const config = await putWritesCheckpoint(store, scope);
      const cut = createEngramCheckpointSaver({ store: failingArtifacts(store, 1), scope });
      // One store write succeeds, the next fails: what a process killed between the two leaves behind.
      await cut.putWrites(config, writesOf(3), 'task-1').catch(() => undefined);
      const saver = createEngramCheckpointSaver({ store, scope });
      const pending = (await saver.getTuple(config))!.pendingWrites!;
      expect(pending.length === 0 || pending.length === 3, JSON.stringify(pending)).toBe(true);
      await saver.putWrites(config, writesOf(3), 'task-1');
      expect((await saver.getTuple(config))!.pendingWrites).toEqual(
        writesOf(3).map(([c, v]) => ['task-1', c, v]),
      );
    } finally {
      await store.close();
      await db.done();
    }
  });

  it('sqlite: two calls of one task not awaited in between (a Command, then its resume value) both land', async () => {
    const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
    const db = await sqlite.setup('lg_writes_overlap');
    const store = db.open();
    try {
      const config = await putWritesCheckpoint(store, scope);
      const saver = createEngramCheckpointSaver({ store, scope });
      await Promise.all([
        saver.putWrites(config, writesOf(2, 'update'), nullTask),
        saver.putWrites(config, [['__resume__', 'yes']], nullTask),
        saver.putWrites(config, writesOf(1, 'other'), 'task-2'),
      ]);
      const pending = (await createEngramCheckpointSaver({ store, scope }).getTuple(config))!.pendingWrites!;
      expect(pending).toHaveLength(4);
      expect(pending).toEqual(
        expect.arrayContaining([
          [nullTask, 'c0', 'update0'],
          [nullTask, 'c1', 'update1'],
          [nullTask, '__resume__', 'yes'],
          ['task-2', 'c0', 'other0'],
        ]),
      );
    } finally {
      await store.close();
      await db.done();
    }
  });

  it('sqlite: writes stored one artifact each (before task records) are read, and kept when the task writes again', async () => {
    const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
    const db = await sqlite.setup('lg_writes_old');
    const store = db.open();
    try {
      const config = await putWritesCheckpoint(store, scope);
      const checkpoint = config.configurable!.checkpoint_id as string;
      const saver = createEngramCheckpointSaver({ store, scope });
      for (const [idx, channel, value] of [
        [0, 'a', 'old-a'],
        [-1, '__error__', 'old-error'],
      ] as const) {
        await putWritesArtifact(store, scope, checkpoint, writeArtifactId('', checkpoint, 'task-1', idx), {
          ns: '',
          checkpoint,
          task: 'task-1',
          path: '',
          idx,
          channel,
          value: await dumpPayload(saver.serde, value),
        });
      }
      expect((await saver.getTuple(config))!.pendingWrites).toEqual([
        ['task-1', '__error__', 'old-error'],
        ['task-1', 'a', 'old-a'],
      ]);
      // idx 0 is kept (the first write wins), idx 1 is added, `__error__` is replaced (the latest wins).
      await saver.putWrites(
        config,
        [
          ['a', 'new-a'],
          ['b', 'new-b'],
          ['__error__', 'new-error'],
        ],
        'task-1',
      );
      expect((await createEngramCheckpointSaver({ store, scope }).getTuple(config))!.pendingWrites).toEqual([
        ['task-1', '__error__', 'new-error'],
        ['task-1', 'a', 'old-a'],
        ['task-1', 'b', 'new-b'],
      ]);
    } finally {
      await store.close();
      await db.done();
    }
  });
});
