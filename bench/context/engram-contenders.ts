/**
 * engram's contenders of the context-assembly suite: one token-window view over a conversation, in process
 * (`createConversationMemory()`) or on a SQLite file at `power` or `process` durability, each counting with the
 * exact o200k_base BPE inside `store`, as an application does.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { createSqliteStore } from '../../src/drivers/sqlite/index.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';
import { createTokenWindowMemory, type TokenWindowView } from '../../src/views/token-window-memory.ts';

/** Where an engram contender keeps its log. */
export type EngramPlace = 'in-process' | 'sqlite-power' | 'sqlite-process';

/** Every place, in table order. */
export const engramPlaces: readonly EngramPlace[] = ['in-process', 'sqlite-power', 'sqlite-process'];

/** Labels in the report. */
export const placeLabel: Record<EngramPlace, string> = {
  'in-process': 'engram in process',
  'sqlite-power': "engram SQLite `durability: 'power'`",
  'sqlite-process': "engram SQLite `durability: 'process'`",
};

/** A token-window view and how to release it. */
export interface EngramContender {
  /** Where the log lives. */
  place: EngramPlace;
  /** The view the turns go through. */
  view: TokenWindowView;
  /** Closes the store and removes its files. */
  close(): Promise<void>;
}

/** Opens a fresh session at `place` (SQLite files under `dir`, named by `name`) with a `budget`-token window. */
export function openEngram(place: EngramPlace, dir: string, name: string, budget: number): EngramContender {
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  let store: MemoryStoreV1 | undefined;
  let path: string | undefined;
  if (place !== 'in-process') {
    path = join(dir, `${name}-${place}.db`);
    store = createSqliteStore({ path, durability: place === 'sqlite-power' ? 'power' : 'process' });
  }
  const memory = createConversationMemory({ counter, sessionId: 'bench', ...(store ? { store } : {}) });
  return {
    place,
    view: createTokenWindowMemory({ conversation: memory, maxTokens: budget }),
    async close() {
      await store?.close();
      if (path) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    },
  };
}

/**
 * A turn's steps, as an agent loop stores them (seed 000: one store call per step): the user message alone,
 * then each assistant message together with the tool results that follow it.
 */
export function turnSteps(turn: readonly ModelMessage[]): ModelMessage[][] {
  const steps: ModelMessage[][] = [];
  for (const message of turn) {
    const last = steps.at(-1);
    if (message.role === 'tool' && last?.[0]?.role === 'assistant') last.push(message);
    else steps.push([message]);
  }
  return steps;
}

/** A turn the way an agent loop stores it: one awaited `store` per step ({@link turnSteps}), then the window. */
export async function timedTurn(
  view: TokenWindowView,
  turn: readonly ModelMessage[],
): Promise<{ store: number; read: number; window: Awaited<ReturnType<TokenWindowView['read']>> }> {
  const steps = turnSteps(turn);
  const t0 = performance.now();
  for (const step of steps) await view.store(step);
  const t1 = performance.now();
  const window = await view.read();
  const t2 = performance.now();
  return { store: t1 - t0, read: t2 - t1, window };
}
