import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { SimpleMemory } from '../memory/simple-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import type { SummarizerInput } from '../views/summarizer.ts';
import { createSummarizingMemory } from '../views/summarizing-memory.ts';
import { SessionManager, sessionStateKey } from './session-manager.ts';

const dir = await tempDir('session-manager');
afterAll(() => dir.remove());
const counter = createEstimateTokenCounter();
const durable: [string, (path: string) => MemoryStoreV1][] = [
  ['sqlite', (path) => createSqliteStore({ path: `${path}.db` })],
  ['json-file', (path) => createJsonFileStore({ directory: path })],
];

describe.each(durable)('SessionManager restarts over %s', (name, open) => {
  it('loading the saved state of an unchanged log writes nothing: lastSeq, updatedAt and the summary stay', async () => {
    const path = join(dir.path, name);
    const calls: SummarizerInput[] = [];
    const summarizer = async (input: SummarizerInput) => {
      calls.push(input);
      return `summary of ${input.messages.length} messages`;
    };
    const seen: { lastSeq: number; updatedAt: number; summaries: string[] }[] = [];
    for (let run = 0; run < 4; run++) {
      const store = open(path);
      const memory = createConversationMemory({ store, sessionId: 'chat', counter });
      const view = createSummarizingMemory({
        conversation: memory,
        maxMessages: 10,
        keepRecent: 4,
        summarizer,
      });
      const manager = SessionManager.forSessionId('user123').withSession(store).addComponent(memory);
      expect(await manager.loadIfExists()).toBe(run > 0);
      if (run === 0) {
        await memory.store(
          Array.from({ length: 30 }, (_, i) => ({
            role: i % 2 ? ('assistant' as const) : ('user' as const),
            content: `turn ${i}`,
          })),
        );
      }
      expect((await view.read())[0]?.content).toMatch(/^\[Summary of earlier conversation: summary of/);
      await manager.saveSession();
      const session = await store.getSession({ tenant: 'default' }, 'chat');
      seen.push({
        lastSeq: (await memory.stats()).lastSeq,
        updatedAt: session!.updatedAt.getTime(),
        summaries: (await memory.listArtifacts('summary')).map((a) => a.id),
      });
      expect(await memory.appended()).toEqual(run === 0 ? await memory.read() : []);
      await store.close();
    }
    expect(seen.map((s) => s.lastSeq)).toEqual([30, 30, 30, 30]);
    expect(new Set(seen.map((s) => s.updatedAt)).size).toBe(1);
    expect(seen.map((s) => s.summaries)).toEqual(Array(4).fill(seen[0]!.summaries));
    expect(calls).toHaveLength(1);
  });
});

describe('SessionManager input checks (issue 21 #17)', () => {
  it('addComponent refuses what is not a StateModule, naming what is missing, and saveSession still works', async () => {
    const store = createMemoryStore();
    const manager = SessionManager.forSessionId('s1').withSession(store);
    const error = (() => {
      try {
        manager.addComponent(new SimpleMemory() as never);
      } catch (e) {
        return e;
      }
    })();
    expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
    expect((error as Error).message).toMatch(/saveState, loadState.*conversation/);
    for (const bad of [
      undefined,
      null,
      42,
      {},
      { saveState() {}, loadState() {} },
      { componentName: '', saveState() {}, loadState() {} },
    ])
      expect(() => manager.addComponent(bad as never)).toThrow(MemoryError);
    // nothing half-registered: the manager saves the valid component alone
    manager.addComponent(new SimpleMemory().conversation);
    const saved = await manager.saveSession();
    expect(Object.keys(saved.components)).toEqual(['ConversationMemory']);
  });

  it('forSessionId names itself and what is wrong with the id (257 characters, NUL, a lone surrogate, not a string)', () => {
    for (const [bad, shown] of [
      ['x'.repeat(257), /257 characters/],
      ['a\u0000b', /a\\u0000b/],
      ['\uD800', /\\ud800/],
      ['', /"" \(0 characters\)/],
      [Object.create(null), /got object/],
      [undefined, /got undefined/],
    ] as const)
      expect(() => SessionManager.forSessionId(bad as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(
            new RegExp(
              `SessionManager\\.forSessionId\\(sessionId\\) must be .*at most 256 characters.*${shown.source}`,
            ),
          ),
        }),
      );
  });

  it('withSession refuses a non-store and a bad scope with INVALID_ARGUMENT', () => {
    for (const bad of [undefined, null, 42, {}, { getState() {} }])
      expect(() => SessionManager.forSessionId('s').withSession(bad as never)).toThrow(
        /withSession\(store\)/,
      );
    expect(() => SessionManager.forSessionId('s').withSession(createMemoryStore(), {} as never)).toThrow(
      MemoryError,
    );
  });
});

describe('SessionManager component names and states', () => {
  const stores: [string, (path: string) => MemoryStoreV1][] = [
    ['memory', () => createMemoryStore()],
    ...durable,
  ];
  for (const [name, open] of stores)
    it(`a component named "__proto__" or "constructor" is saved and loaded like any other (${name})`, async () => {
      const path = join(dir.path, `names-${name}`);
      const store = open(path);
      const component = (componentName: string, state: { v: number }) => ({
        componentName,
        saveState: () => ({ ...state }),
        loadState(saved: unknown) {
          state.v = (saved as { v: number }).v;
        },
      });
      const a = { v: 1 };
      const b = { v: 2 };
      const saved = await SessionManager.forSessionId('s')
        .withSession(store)
        .addComponent(component('__proto__', a))
        .addComponent(component('constructor', b))
        .saveSession();
      expect(Object.keys(saved.components)).toEqual(['__proto__', 'constructor']);
      const back = { v: 0 };
      const back2 = { v: 0 };
      // A new handle (a restart) for the durable stores.
      if (name !== 'memory') await store.close();
      const again = name === 'memory' ? store : open(path);
      const loaded = SessionManager.forSessionId('s')
        .withSession(again)
        .addComponent(component('__proto__', back))
        .addComponent(component('constructor', back2));
      expect(await loaded.loadIfExists()).toBe(true);
      expect([back.v, back2.v]).toEqual([1, 2]);
      // A session saved without such a component loads none from the prototype.
      const other = { v: 7 };
      await SessionManager.forSessionId('t')
        .withSession(again)
        .addComponent(component('x', { v: 3 }))
        .saveSession();
      await SessionManager.forSessionId('t')
        .withSession(again)
        .addComponent(component('constructor', other))
        .loadIfExists();
      expect(other.v).toBe(7);
      await again.close();
    });

  it('a component whose saveState() returns undefined is refused, and the previous save is kept', async () => {
    const store = createMemoryStore();
    let state: unknown = { v: 1 };
    const manager = SessionManager.forSessionId('s')
      .withSession(store)
      .addComponent({ componentName: 'c', saveState: () => state as never, loadState() {} });
    await manager.saveSession();
    state = undefined;
    await expect(manager.saveSession()).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('component "c" returned undefined from saveState()'),
    });
    expect(await store.getState({ tenant: 'default' }, sessionStateKey('s'))).toMatchObject({
      components: { c: { v: 1 } },
    });
  });
});
