import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { openCountingDatabase } from '../../../test-support/sqlite-commit-counter.ts';
import { createRideCarry, withRide } from '../../core/ride-on-append.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore, openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createTokenWindowMemory } from '../token-window-memory.ts';
import { assemblyArtifactKind, createAssemblyRecorder, readAssemblyRecords } from './assembly-records.ts';
import type { AssemblyItem, ContextAssembly } from './context-assembly.ts';
import { recordAssemblies } from './record-assemblies.ts';

const drivers: {
  name: string;
  skip: boolean;
  open(): Promise<{ store: MemoryStoreV1 & { close(): unknown }; done(): Promise<unknown> }>;
}[] = [
  {
    name: 'sqlite',
    skip: false,
    async open() {
      const dir = await tempDir('assembly');
      const store = createSqliteStore({ path: join(dir.path, 'a.db') });
      return { store, done: async () => dir.remove() };
    },
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    async open() {
      const db = await createTestSchema('engram_asm');
      const store = createPostgresStore({ connectionString: db.url, schema: db.name, maxConnections: 2 });
      return { store, done: async () => db.drop() };
    },
  },
];

const assembly = (items: AssemblyItem[]): ContextAssembly => ({
  view: 'test',
  counter: { encoding: 'o200k_base', exact: true },
  tokens: 0,
  items,
  dropped: [],
});

describe('assembly records beside the log', () => {
  for (const driver of drivers)
    it.skipIf(driver.skip)(
      `${driver.name}: recordAssemblies records every read, keeps the newest, reads back only in scope`,
      async () => {
        const { store, done } = await driver.open();
        try {
          const scope = { tenant: 't', user: 'u1' };
          const memory = createConversationMemory({ store, scope, sessionId: 's' });
          const view = recordAssemblies(createTokenWindowMemory({ conversation: memory, maxTokens: 200 }), {
            keep: 4,
          });
          for (let i = 0; i < 20; i++) {
            await view.store({ role: 'user', content: `message ${i} ${'word '.repeat(30)}` });
            const messages = await view.read();
            expect(view.lastRecord()!.items).toHaveLength(messages.length);
            expect(view.lastRecord()!.tokens).toBe(view.lastStats()!.tokens);
          }
          const records = await readAssemblyRecords(store, scope, 's');
          // Trimmed in batches: at 15 records (keep 4 + 10) back to the newest 4, then 5 more.
          expect(records.map((r) => r.lastSeq)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
          const last = records.at(-1)!;
          expect(last).toMatchObject({
            view: 'token-window',
            budget: 200,
            sessionId: 's',
            tokens: view.lastStats()!.tokens,
          });
          expect(last.at).toBeInstanceOf(Date);
          expect(last.bySource.message).toBe(last.tokens);
          expect(last.dropped[0]).toMatchObject({
            rule: 'budget',
            messages: view.lastStats()!.droppedMessages,
          });
          // Other owners: another user's session of the same id is not found; the tenant's own is another session.
          await expect(readAssemblyRecords(store, { tenant: 't', user: 'u2' }, 's')).rejects.toMatchObject({
            code: 'SESSION_NOT_FOUND',
          });
          await expect(readAssemblyRecords(store, { tenant: 'T', user: 'u1' }, 's')).rejects.toMatchObject({
            code: 'SESSION_NOT_FOUND',
          });
          // A malformed artifact of the kind is skipped, not fatal.
          await memory.putArtifact({
            id: 'asm_bad',
            kind: assemblyArtifactKind,
            fromSeq: 7,
            toSeq: 7,
            data: { nope: 1 },
          });
          expect(await readAssemblyRecords(store, scope, 's')).toHaveLength(9);
        } finally {
          await store.close();
          await done();
        }
      },
    );

  /**
   * Commits of each of 30 records at `keep: 3` (a new text every other record) on a counting SQLite handle, made
   * alone or each in an agent step (the view's read records, then the step's messages are appended).
   */
  async function commitsOfRecords(inStep: boolean): Promise<number[]> {
    const dir = await tempDir('assembly-commits');
    const counting = openCountingDatabase(join(dir.path, 'c.db'));
    const store = await openSqliteStore({ database: counting.database });
    try {
      const scope = { tenant: 't' };
      const memory = createConversationMemory({ store, scope, sessionId: 's' });
      await memory.append({ role: 'user', content: 'hi' });
      const recorder = createAssemblyRecorder({ memory, keep: 3 });
      const tools = 'tool definition '.repeat(64);
      const commits: number[] = [];
      for (let i = 0; i < 30; i++) {
        const before = counting.commits();
        const items = [{ source: 'tools' as const, tokens: 1, why: 'tools', sent: `${tools}${i % 2}` }];
        const record = () => recorder.record({ ...assembly(items), tokens: 1 });
        if (!inStep) await record();
        else
          await withRide(async () => {
            await record();
            await memory.append({ role: 'assistant', content: `step ${i}` });
          });
        commits.push(counting.commits() - before);
      }
      const records = await readAssemblyRecords(store, scope, 's');
      expect(records.length).toBeGreaterThanOrEqual(3);
      expect(records.length).toBeLessThanOrEqual(3 + 10);
      for (const r of records) expect(r.items[0]?.sent).toMatch(/^tool definition/);
      return commits;
    } finally {
      await store.close();
      counting.close();
      await dir.remove();
    }
  }

  it('record() outside an agent step: the record, its new texts and the trimmed records in one commit', async () => {
    // One commit a record, whether it adds a text or trims (the old path: one more per deleted record).
    expect(await commitsOfRecords(false)).toEqual(Array(30).fill(1));
  });

  it('record() inside an agent step: a step that trims makes one commit more, not one per trimmed record', async () => {
    // The record rides on the step's commit; a step whose record trims writes it, its texts and the deletions in
    // one commit of their own (the old path: 13 in such a step, one per deleted record and one for the record).
    const commits = await commitsOfRecords(true);
    expect(commits.filter((c) => c === 1).length).toBeGreaterThanOrEqual(25);
    expect(Math.max(...commits)).toBe(2);
  });

  it("record() in a run's closing read (a ride that keeps its writes) writes at once: later records name stored texts", async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const memory = createConversationMemory({ store, scope, sessionId: 's' });
    await memory.append({ role: 'user', content: 'hi' });
    const recorder = createAssemblyRecorder({ memory });
    const items = [
      { source: 'tools' as const, tokens: 1, why: 'tools', sent: 'tool definition '.repeat(64) },
    ];
    const carry = createRideCarry();
    await withRide(() => recorder.record(assembly(items)), { carry, keep: true });
    await recorder.record(assembly(items));
    const records = await readAssemblyRecords(store, scope, 's');
    expect(records).toHaveLength(2);
    for (const r of records) expect(r.items[0]?.sent).toBe(items[0]!.sent);
  });

  it('refuses a bad keep', () => {
    const memory = createConversationMemory();
    expect(() => createAssemblyRecorder({ memory, keep: 0 })).toThrow(/keep must be an integer >= 1/);
  });

  describe('recordWithAppend on one memory from several callers at once', () => {
    const assembly = {
      view: 'test',
      counter: { encoding: 'o200k_base', exact: true },
      tokens: 0,
      items: [],
      dropped: [],
    };
    const message = (content: string) => ({ role: 'user' as const, content });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

    const open = () => {
      const store = createMemoryStore();
      const scope = { tenant: 't' };
      const memory = createConversationMemory({ store, scope, sessionId: 's' });
      return { memory, read: () => readAssemblyRecords(store, scope, 's') };
    };

    it('each record names the position right before its own messages, however the stores interleave', async () => {
      const { memory, read } = open();
      const a = createAssemblyRecorder({ memory });
      const b = createAssemblyRecorder({ memory });
      const step = (recorder: typeof a, name: string, k: number) =>
        recorder.recordWithAppend(assembly, { run: name, step: k }, async () => {
          await settle(); // another run may want to append meanwhile
          await memory.store([message(`${name}${k}`)]);
        });
      await Promise.all([0, 1, 2].flatMap((k) => [step(a, 'a', k), step(b, 'b', k)]));
      const log = await memory.entries();
      const records = await read();
      expect(records).toHaveLength(6);
      for (const r of records)
        expect(log.find((e) => e.seq === r.lastSeq + 1)?.message.content).toBe(`${r.run}${r.step}`);
    });

    it('two memories of one session take turns too; other sessions and owners do not wait', async () => {
      const store = createMemoryStore();
      const scope = { tenant: 't' };
      const first = createConversationMemory({ store, scope, sessionId: 's' });
      const second = createConversationMemory({ store, scope, sessionId: 's' });
      const step = (memory: typeof first, name: string, k: number) =>
        createAssemblyRecorder({ memory }).recordWithAppend(assembly, { run: name, step: k }, async () => {
          await settle();
          await memory.store([message(`${name}${k}`)]);
        });
      await Promise.all([0, 1, 2].flatMap((k) => [step(first, 'a', k), step(second, 'b', k)]));
      const log = await first.entries();
      const records = await readAssemblyRecords(store, scope, 's');
      expect(records).toHaveLength(6);
      for (const r of records)
        expect(log.find((e) => e.seq === r.lastSeq + 1)?.message.content).toBe(`${r.run}${r.step}`);
      // Another session, or another owner's session of the same id, is not held behind a slow turn on 's'.
      let release!: () => void;
      const slow = createAssemblyRecorder({ memory: first }).recordWithAppend(assembly, {}, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await first.store([message('slow')]);
      });
      for (const other of [
        createConversationMemory({ store, scope, sessionId: 'other' }),
        createConversationMemory({ store, scope: { tenant: 't', user: 'u' }, sessionId: 's' }),
      ]) {
        const done = await Promise.race([
          createAssemblyRecorder({ memory: other })
            .recordWithAppend(assembly, {}, () => other.store([message('quick')]))
            .then(() => 'done'),
          settle()
            .then(() => settle())
            .then(() => 'stuck'),
        ]);
        expect(done).toBe('done');
      }
      release();
      await slow;
    });

    it("a record nested in a turn on one store waits for another store's turn on a session of the same id", async () => {
      const scope = { tenant: 't' };
      const storeA = createMemoryStore();
      const storeB = createMemoryStore();
      const a = createConversationMemory({ store: storeA, scope, sessionId: 's' });
      const b = createConversationMemory({ store: storeB, scope, sessionId: 's' });
      let release!: () => void;
      const slow = createAssemblyRecorder({ memory: b }).recordWithAppend(
        assembly,
        { run: 'slow' },
        async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          await b.store([message('slow')]);
        },
      );
      const outer = createAssemblyRecorder({ memory: a }).recordWithAppend(
        assembly,
        { run: 'outer' },
        async () => {
          await a.store([message('outer')]);
          // On store B: its turn comes after B's slow one, though A's turn on a session 's' is held here.
          await createAssemblyRecorder({ memory: b }).recordWithAppend(assembly, { run: 'nested' }, () =>
            b.store([message('nested')]),
          );
        },
      );
      await settle();
      release();
      await Promise.all([slow, outer]);
      const log = await b.entries();
      const records = await readAssemblyRecords(storeB, scope, 's');
      expect(records.map((r) => r.run)).toEqual(['slow', 'nested']);
      for (const r of records) expect(log.find((e) => e.seq === r.lastSeq + 1)?.message.content).toBe(r.run);
    });

    it('a store that throws ends its turn; a store that records again on the same memory runs in its turn', async () => {
      const { memory, read } = open();
      const recorder = createAssemblyRecorder({ memory });
      await expect(
        recorder.recordWithAppend(assembly, {}, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      const outer = recorder.recordWithAppend(assembly, { step: 0 }, async () => {
        await memory.store([message('outer')]);
        // Nested: it must not wait for the turn it is inside of.
        await recorder.recordWithAppend(assembly, { step: 1 }, () => memory.store([message('inner')]));
      });
      const result = await Promise.race([
        outer.then(() => 'done'),
        settle()
          .then(() => settle())
          .then(() => 'stuck'),
      ]);
      expect(result).toBe('done');
      await recorder.recordWithAppend(assembly, { step: 2 }, () => memory.store([message('after')]));
      expect((await read()).map((r) => r.step)).toEqual([0, 1, 2]);
    });
  });
});
