import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hookRecords } from '../../test-support/hooked-records.ts';
import { tempSqlitePaths } from '../../test-support/temp-sqlite-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { groupMessages, sendableItems } from '../messages/units.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';

// A close used to cut the episode after whatever was stored: a tool call whose result had not arrived ended episode
// k unanswered, and its result began episode k+1 alone (an orphan), splitting the unit engram keeps whole.

const counter = createEstimateTokenCounter();
const scope = { tenant: 't' };
const sqlitePath = tempSqlitePaths('episodic-units');

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const callOf = (text: string, ...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text },
    ...ids.map((id) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 'lookup', input: {} })),
  ],
});
const resultOf = (id: string): ModelMessage => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'lookup', output: { type: 'text', value: 'ok' } },
  ],
});

/** A message as a short key: a user's text, an assistant's first text, `r:<id>` for a tool result. */
const keyOf = (m: ModelMessage): string => {
  if (typeof m.content === 'string') return m.content;
  const part = m.content[0]!;
  if (part.type === 'text') return part.text;
  return part.type === 'tool-result' ? `r:${part.toolCallId}` : part.type;
};

/** The messages of every closed episode of series `s`, then of the current one, as a fresh handle reads them. */
async function episodesIn(store: MemoryStoreV1 & Parameters<typeof openEpisodicMemory>[0]['store']) {
  const reader = await openEpisodicMemory({ store, scope, series: 's', counter });
  const out: ModelMessage[][] = [];
  for (const e of await reader.episodes()) {
    const messages = (await store!.readRange(scope, e.sessionId)).map((x) => x.message);
    expect(messages.length, e.sessionId).toBe(e.messageCount);
    out.push(messages);
  }
  out.push((await reader.current.entries()).map((e) => e.message));
  return out;
}

/** No episode holds a tool result whose call is in another one. */
const expectNoOrphans = (episodes: ModelMessage[][]) => {
  for (const [i, messages] of episodes.entries())
    expect(
      groupMessages(messages).filter((u) => u.kind === 'orphan'),
      `episode ${i + 1}`,
    ).toEqual([]);
};

describe('openEpisodicMemory: a close never splits a tool call from its result', () => {
  it('a close while a call waits for its result leaves the call in the next episode, where its result joins it', async () => {
    const store = createMemoryStore();
    const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
    await episodic.store([user('my printer jams'), callOf('checking', 'c1')]);
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    await episodic.store(resultOf('c1'));
    expect((await episodic.current.read()).map(keyOf)).toEqual(['checking', 'r:c1']);
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 2, messageCount: 2 });
    const episodes = await episodesIn(store);
    expect(episodes.map((e) => e.map(keyOf))).toEqual([['my printer jams'], ['checking', 'r:c1'], []]);
  });

  it('parallel calls with some results in stay together, with those results, until the last result arrives', async () => {
    const store = createMemoryStore();
    const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
    await episodic.store([user('compare'), callOf('both', 'c1', 'c2'), resultOf('c2')]);
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    await episodic.store(resultOf('c1'));
    await episodic.store(user('thanks'));
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 2, messageCount: 4 });
    const episodes = await episodesIn(store);
    expect(episodes.map((e) => e.map(keyOf))).toEqual([['compare'], ['both', 'r:c2', 'r:c1', 'thanks'], []]);
    expectNoOrphans(episodes);
  });

  it('an episode holding only a call in flight stays current; once the conversation moves on, the unanswered call closes with it', async () => {
    const store = createMemoryStore();
    const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
    await episodic.store([user('look it up'), callOf('looking', 'c1')]);
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    // Nothing complete to close: the call may still get its result.
    expect(await episodic.startNewEpisode()).toBeUndefined();
    expect(episodic.current.sessionId).toBe('s/episode-2');
    await episodic.store(user('never mind'));
    expect(await episodic.startNewEpisode()).toMatchObject({ index: 2, messageCount: 2 });
    const [, second] = await episodesIn(store);
    expect(second!.map(keyOf)).toEqual(['looking', 'never mind']);
    // A view drops the unanswered call: it is no longer the newest unit, so no model is sent it.
    expect(sendableItems(groupMessages(second!), (m) => m).map(keyOf)).toEqual(['never mind']);
  });

  it('sqlite: a close by one handle while another stores a call and then its result keeps them in one episode', async () => {
    for (let round = 0; round < 4; round++) {
      const path = sqlitePath();
      const [sa, sb] = [createSqliteStore({ path }), createSqliteStore({ path })];
      const a = await openEpisodicMemory({ store: sa, scope, series: 's', counter });
      const b = await openEpisodicMemory({ store: sb, scope, series: 's', counter });
      await a.store(user('my printer jams'));
      const agent = async () => {
        await a.store(callOf('checking', 'c1'));
        await a.store(resultOf('c1'));
        await a.store(callOf('again', 'c2', 'c3'));
        await a.store(resultOf('c3'));
        await a.store(resultOf('c2'));
      };
      const closer = async () => {
        for (let i = 0; i < round + 1; i++)
          await b.startNewEpisode({ by: 'b' }).catch((e: unknown) => {
            if (!MemoryError.hasCode(e, 'CONFLICT')) throw e;
          });
      };
      await Promise.all([agent(), closer()]);
      const episodes = await episodesIn(sa);
      expect(episodes.flat().map(keyOf)).toEqual([
        'my printer jams',
        'checking',
        'r:c1',
        'again',
        'r:c3',
        'r:c2',
      ]);
      expectNoOrphans(episodes);
      sa.close();
      sb.close();
    }
  });

  it('sqlite: a result another handle stores while a close writes its record goes on with its call', async () => {
    const path = sqlitePath();
    const a = await openEpisodicMemory({ store: createSqliteStore({ path }), scope, series: 's', counter });
    let once = true;
    const hooked = hookRecords(createSqliteStore({ path }), ['addRecords'], async () => {
      if (!once) return;
      once = false;
      // After b's close read the episode (the call unanswered), before its record is written.
      await a.store(resultOf('c1'));
    });
    const b = await openEpisodicMemory({ store: hooked, scope, series: 's', counter });
    await a.store([user('my printer jams'), callOf('checking', 'c1')]);
    expect(await b.startNewEpisode()).toMatchObject({ index: 1, messageCount: 1 });
    const episodes = await episodesIn(createSqliteStore({ path }));
    expect(episodes.map((e) => e.map(keyOf))).toEqual([['my printer jams'], ['checking', 'r:c1']]);
  });
});

/** A turn of the property's conversations: a user message, or an assistant step with its results. */
type Turn =
  | { kind: 'user'; closes: boolean[] }
  | { kind: 'assistant'; calls: number; answered: boolean[]; reversed: boolean; closes: boolean[] };

const arbTurn: fc.Arbitrary<Turn> = fc.oneof(
  fc.record({
    kind: fc.constant('user' as const),
    closes: fc.array(fc.boolean(), { minLength: 1, maxLength: 1 }),
  }),
  fc.record({
    kind: fc.constant('assistant' as const),
    calls: fc.integer({ min: 0, max: 3 }),
    answered: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    reversed: fc.boolean(),
    // A close after the step's message or after any of its results: results may come after a close (late).
    closes: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  }),
);

/** The messages of a turn, in the order they are stored. */
const messagesOf = (turn: Turn, t: number): ModelMessage[] => {
  if (turn.kind === 'user') return [user(`u${t}`)];
  const ids = Array.from({ length: turn.calls }, (_, j) => `c${t}_${j}`);
  const results = ids.filter((_, j) => turn.answered[j]).map(resultOf);
  return [callOf(`a${t}`, ...ids), ...(turn.reversed ? results.reverse() : results)];
};

describe('openEpisodicMemory: closes anywhere in a conversation with tool calls (property)', () => {
  it('no episode splits a complete unit, and the episodes in order hold every message once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbTurn, { minLength: 1, maxLength: 12 }), async (turns) => {
        const store = createMemoryStore();
        const episodic = await openEpisodicMemory({ store, scope, series: 's', counter });
        const stored: ModelMessage[] = [];
        for (const [t, turn] of turns.entries())
          for (const [i, message] of messagesOf(turn, t).entries()) {
            await episodic.store(message);
            stored.push(message);
            if (turn.closes[i]) await episodic.startNewEpisode({ t, i });
          }
        const episodes = await episodesIn(store);
        expect(episodes.flat().map(keyOf)).toEqual(stored.map(keyOf));
        expectNoOrphans(episodes);
        const episodeOf = new Map(episodes.flatMap((e, k) => e.map((m) => [keyOf(m), k] as const)));
        for (const unit of groupMessages(stored))
          if (unit.pending.size === 0)
            expect(
              new Set(unit.items.map((m) => episodeOf.get(keyOf(m)))).size,
              unit.items.map(keyOf).join(),
            ).toBe(1);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
