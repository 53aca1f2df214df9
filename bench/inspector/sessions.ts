/**
 * The inspector bench's sessions: the scripted conversation (`createScriptedConversation`, tool results at full
 * size) of `size` messages, all but its last `steps` turns appended in batches (counted once, for every store),
 * then the last turns stored as an agent loop does, each step timed: `memory.store(turn)`, `read()` of a
 * 100,000-token window, and `recorder.record(view.lastAssembly())` — so each session has `steps` assembly records.
 */

import type { ModelMessage } from 'ai';
import type { Scope } from '../../src/core/scope.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { validateMessage } from '../../src/messages/validate.ts';
import type { AppendInput, MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { createScriptedConversation, splitTurns } from '../../src/testing/scripted-conversation.ts';
import type { TokenCounter } from '../../src/tokens/index.ts';
import { createAssemblyRecorder } from '../../src/views/assembly/index.ts';
import { createTokenWindowMemory } from '../../src/views/token-window-memory.ts';
import { collectGarbage } from '../report.ts';

/** The token window's budget. */
export const windowTokens = 100_000;
/** Messages per `store.append` while the history is built. */
const batch = 1_000;

/** A session's messages, ready for any store: the history as append inputs, then the turns stored step by step. */
export interface SessionScript {
  id: string;
  size: number;
  history: AppendInput[];
  turns: ModelMessage[][];
}

/** Each measured step's times (ms), and what the last step recorded. */
export interface StepTimes {
  store: number[];
  read: number[];
  record: number[];
  /** The last record's items, and its size as JSON (bytes). */
  items: number;
  recordBytes: number;
}

/** The session id of a size. */
export const sessionIdOf = (size: number) => `session-${size}`;

/** Scripts a session of exactly `size` messages whose last `steps` turns are stored as steps. */
export function scriptSession(size: number, steps: number, counter: TokenCounter): SessionScript {
  const all = splitTurns(createScriptedConversation({ seed: size, messages: size }));
  if (all.length <= steps)
    throw new Error(`${size} messages make ${all.length} turns, not more than ${steps}`);
  const history = all
    .slice(0, -steps)
    .flat()
    .map((m) => {
      const message = validateMessage(toMemoryMessage(m));
      return { message, tokens: counter.count(message) };
    });
  return { id: sessionIdOf(size), size, history, turns: all.slice(-steps) };
}

/**
 * Stores a scripted session: the history in batches (untimed), then each turn as a step, timed; the first
 * `warmups` steps (the window's first read fills it from the store, the recorder's first call lists its records)
 * are left out of the times.
 */
export async function storeSession(
  store: MemoryStoreV1,
  scope: Scope,
  script: SessionScript,
  counter: TokenCounter,
  warmups: number,
): Promise<StepTimes> {
  await store.createSession(scope, { id: script.id });
  for (let i = 0; i < script.history.length; i += batch)
    await store.append(scope, script.id, script.history.slice(i, i + batch));
  const memory = createConversationMemory({ store, scope, sessionId: script.id, counter });
  const view = createTokenWindowMemory({ conversation: memory, maxTokens: windowTokens });
  const recorder = createAssemblyRecorder({ memory });
  const times: StepTimes = { store: [], read: [], record: [], items: 0, recordBytes: 0 };
  for (const [step, turn] of script.turns.entries()) {
    collectGarbage('minor');
    const t0 = performance.now();
    await memory.store(turn);
    const t1 = performance.now();
    await view.read();
    const t2 = performance.now();
    const record = await recorder.record(view.lastAssembly()!, { agent: 'bench', run: 'run-1', step });
    const t3 = performance.now();
    times.items = record.items.length;
    times.recordBytes = JSON.stringify(record).length;
    if (step < warmups) continue;
    times.store.push(t1 - t0);
    times.read.push(t2 - t1);
    times.record.push(t3 - t2);
  }
  const { count } = await memory.stats();
  if (count !== script.size) throw new Error(`${script.id} holds ${count} messages, not ${script.size}`);
  return times;
}
