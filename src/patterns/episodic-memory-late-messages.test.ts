import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hookRecords } from '../../test-support/hooked-records.ts';
import { tempSqlitePaths } from '../../test-support/temp-sqlite-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';

const counter = createEstimateTokenCounter();
const scope = { tenant: 't' };
const sqlitePath = tempSqlitePaths('episodic-late');

describe('openEpisodicMemory: a message another handle stores into an episode already closed', () => {
  it('goes to the next episode: the closed one keeps exactly what its record covers (two handles on one SQLite file)', async () => {
    const path = sqlitePath();
    const a = await openEpisodicMemory({ store: createSqliteStore({ path }), scope, series: 's', counter });
    const b = await openEpisodicMemory({ store: createSqliteStore({ path }), scope, series: 's', counter });
    await a.store({ role: 'user', content: 'my printer jams' });
    expect(await a.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    // b still holds episode 1 as current: its message must not land in the closed episode.
    await b.store({ role: 'user', content: 'the router drops wifi' });
    expect(b.current.sessionId).toBe('s/episode-2');
    expect((await a.current.read()).map((m) => m.content)).toEqual(['the router drops wifi']);
    const [first] = await a.episodes();
    expect(first).toMatchObject({ sessionId: 's/episode-1', messageCount: 1 });
    const reopened = await openEpisodicMemory({
      store: createSqliteStore({ path }),
      scope,
      series: 's',
      counter,
    });
    expect((await reopened.recallEpisode('printer'))!.memory.sessionId).toBe('s/episode-1');
    expect((await (await reopened.recallEpisode('printer'))!.memory.read()).map((m) => m.content)).toEqual([
      'my printer jams',
    ]);
    expect(await b.startNewEpisode()).toMatchObject({ index: 2, messageCount: 1 });
  });

  it('a message stored between a close reading the episode and writing its record goes to the next episode', async () => {
    const path = sqlitePath();
    const b = await openEpisodicMemory({ store: createSqliteStore({ path }), scope, series: 's', counter });
    let once = true;
    const hooked = hookRecords(createSqliteStore({ path }), ['addRecords'], async () => {
      if (!once) return;
      once = false;
      // After a's close read episode 1, before its record is written.
      await b.store({ role: 'user', content: 'the router drops wifi' });
    });
    const a = await openEpisodicMemory({ store: hooked, scope, series: 's', counter });
    await a.store({ role: 'user', content: 'my printer jams' });
    expect(await a.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    const [first] = await a.episodes();
    expect(first?.messageCount).toBe(1);
    expect((await a.current.read()).map((m) => m.content)).toEqual(['the router drops wifi']);
    const again = await openEpisodicMemory({
      store: createSqliteStore({ path }),
      scope,
      series: 's',
      counter,
    });
    expect((await (await again.recallEpisode('printer'))!.memory.read()).map((m) => m.content)).toEqual([
      'my printer jams',
    ]);
  });
});

describe('openEpisodicMemory: two handles storing and closing in any order (property)', () => {
  it('every message stored is held once, by a closed episode whose record counts it or by a current episode', async () => {
    const step = fc.record({ handle: fc.integer({ min: 0, max: 1 }), close: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        async (steps, together) => {
          const path = sqlitePath();
          const handles = [createSqliteStore({ path }), createSqliteStore({ path })];
          const memories = await Promise.all(
            handles.map((store) => openEpisodicMemory({ store, scope, series: 's', counter })),
          );
          const stored: string[] = [];
          const run = async (i: number, { handle, close }: { handle: number; close: boolean }) => {
            const memory = memories[handle]!;
            if (close) {
              // CONFLICT: the other handle closed this episode first (with other metadata); this one moved on.
              await memory.startNewEpisode({ by: handle }).catch((e: unknown) => {
                if (!MemoryError.hasCode(e, 'CONFLICT')) throw e;
              });
            } else {
              const text = `message ${i}`;
              await memory.store({ role: 'user', content: text });
              stored.push(text);
            }
          };
          // Steps one after another, or two at a time (the two handles' calls overlapping).
          for (let i = 0; i < steps.length; i += together ? 2 : 1)
            await Promise.all(steps.slice(i, i + (together ? 2 : 1)).map((s, k) => run(i + k, s)));
          const reader = await openEpisodicMemory({ store: handles[0]!, scope, series: 's', counter });
          const held: string[] = [];
          for (const e of await reader.episodes()) {
            const messages = await handles[0]!.readRange(scope, e.sessionId);
            expect(messages.length, e.sessionId).toBe(e.messageCount);
            held.push(...messages.map((m) => String(m.message.content)));
          }
          held.push(...(await reader.current.read()).map((m) => String(m.content)));
          expect(held.sort()).toEqual([...stored].sort());
          for (const store of handles) await store.close();
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
