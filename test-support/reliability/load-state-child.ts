/**
 * Child script of the loadState crash test: opens a ConversationMemory on a SQLite file and loads saved states
 * (see `swapStates`) one after another until it is killed. Prints `ready <current>` once open, `loading <i>`
 * before each `loadState` and `loaded <i>` after it resolves. With `killAfterWrites: n` it loads one state and
 * SIGKILLs itself right after the n-th log write call that load makes returns (then exits normally if the
 * load made fewer), which kills an implementation that writes the log in two steps exactly between them.
 */

import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { childConfig, emit } from './child-process.ts';
import { killAfterLogWrites } from './kill-after-log-writes.ts';
import { loadStateScope, loadStateSession, swapStates } from './load-state-states.ts';
import { prng } from './writer-messages.ts';

/** What the parent passes in argv[2]. */
export interface LoadStateChildConfig {
  path: string;
  seed: number;
  /** Load one state and SIGKILL this process right after the n-th log write call of that load. */
  killAfterWrites?: number;
}

const config = childConfig<LoadStateChildConfig>();
const states = swapStates();
const inner = await openSqliteStore({ path: config.path });
// A real store; it only counts the log writes of the armed load and kills the process after the n-th.
const { store, arm } = killAfterLogWrites(inner, config.killAfterWrites);
const memory = createConversationMemory({
  store,
  scope: loadStateScope,
  sessionId: loadStateSession,
  counter: createEstimateTokenCounter(),
});

let current = 0;
if ((await memory.stats()).count === 0) await memory.loadState(states[0]!);
else {
  const ids = (await memory.read()).map((m) => m.id).join(' ');
  current = states.findIndex((s) => s.messages.map((m) => m.id).join(' ') === ids);
}
emit(`ready ${current}`);

const load = async (i: number) => {
  emit(`loading ${i}`);
  await memory.loadState(states[i]!);
  emit(`loaded ${i}`);
  current = i;
};

if (config.killAfterWrites !== undefined) {
  arm(true);
  await load((current + 1) % states.length);
  await inner.close();
  process.exit(0);
}
const random = prng(config.seed);
for (;;) {
  const step = 1 + Math.floor(random() * (states.length - 1));
  await load((current + step) % states.length);
}
