import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createObservationalMemory, type ObservationalMemory } from './observational-memory.ts';

/**
 * An ObservationalMemory keeps the log after the observed range and its observations between reads. Whatever
 * happens between reads — appends (through the view or another memory), deletes, consolidation by this view or
 * another one, the store reopened — a read returns what a view created at that moment returns.
 */
const counter = createTokenCounter();
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
const seen = { observed: 0, reflected: 0, deleted: 0, reopened: 0 };

const arbOp = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      n: fc.integer({ min: 1, max: 20 }),
      other: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('consolidate' as const), other: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);

const snapshot = async (view: ObservationalMemory) => ({
  messages: await view.read(),
  stats: view.lastStats(),
  assembly: view.lastAssembly(),
});

describe('ObservationalMemory reads incrementally', () => {
  it('property: every read equals a fresh view of the same log and observations (SQLite file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-observe-'));
    dirs.push(dir);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(arbOp, { minLength: 6, maxLength: 30 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 100, max: 1500 }),
        async (seed, ops, recentTokens, observationTokens) => {
          const path = join(dir, `s${run++}.db`);
          const script = createScriptedConversation({ seed, messages: 400, toolResultBytes: 0.05 });
          let next = 0;
          const take = (n: number): ModelMessage[] => {
            next += n;
            return script.slice(next - n, next);
          };
          let store: SqliteStore = createSqliteStore({ path, durability: 'process' });
          const memoryOf = () => createConversationMemory({ store, counter, sessionId: 'run' });
          const viewOf = () =>
            createObservationalMemory({
              conversation: memoryOf(),
              recentTokens,
              observationTokens,
              background: false,
            });
          let view = viewOf();
          try {
            for (const op of [...ops, { kind: 'read' as const }]) {
              if (op.kind === 'append') {
                if (next >= script.length) continue;
                await (op.other ? memoryOf() : view.conversation).store(take(op.n));
              } else if (op.kind === 'consolidate') {
                const n = await (op.other ? viewOf() : view).consolidate();
                if (n > 0) seen.observed++;
              } else if (op.kind === 'delete') {
                const entries = await view.conversation.entries();
                if (entries.length === 0) continue;
                await view.conversation.delete(entries[op.pick % entries.length]!.message.id);
                seen.deleted++;
              } else if (op.kind === 'reopen') {
                await store.close();
                store = createSqliteStore({ path, durability: 'process' });
                view = viewOf();
                seen.reopened++;
              } else {
                const got = await snapshot(view);
                expect(got).toEqual(await snapshot(viewOf()));
                if ((await view.conversation.listArtifacts('reflection')).length > 0) seen.reflected++;
              }
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 30 },
    );
    expect(seen.observed).toBeGreaterThan(0);
    expect(seen.reopened).toBeGreaterThan(0);
  }, 600_000);
});
