/**
 * Child script of the consolidation tests: appends `turns` user/assistant turns to one session (SQLite file or
 * PostgreSQL schema) and consolidates after each, printing `observe <from>-<to>` for every observer call. With
 * `killAtCall` it SIGKILLs itself in that observer call: `before` (inside the call, nothing written) or `after`
 * (as soon as the call returns, while the observation is being written).
 */
import type { LogEntry } from '../../src/core/message.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { createObservationalMemory } from '../../src/views/observational/observational-memory.ts';
import { createExtractiveObserver } from '../../src/views/observational/observer.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { type ChildStoreConfig, openChildStore } from './child-store.ts';

/** What the parent passes in argv[2]. */
export interface ObservationalChildConfig extends ChildStoreConfig {
  writer: string;
  turns: number;
  killAtCall?: number;
  killMode?: 'before' | 'after';
  claimMs?: number;
}

const config = childConfig<ObservationalChildConfig>();
const store = openChildStore(config);
const memory = createConversationMemory({
  store,
  scope: { tenant: 'team' },
  sessionId: 'obs',
  counter: createEstimateTokenCounter(),
});
const inner = createExtractiveObserver();
let calls = 0;
const view = createObservationalMemory({
  conversation: memory,
  recentTokens: 120,
  background: false,
  claimMs: config.claimMs ?? 60_000,
  observer: {
    async observe(entries: readonly LogEntry[]) {
      calls++;
      emit(`observe ${entries[0]?.seq}-${entries.at(-1)?.seq} ${config.writer}`);
      if (calls === config.killAtCall && config.killMode === 'before') process.kill(process.pid, 'SIGKILL');
      if (calls === config.killAtCall) setImmediate(() => process.kill(process.pid, 'SIGKILL'));
      return inner.observe(entries);
    },
  },
});
emit('ready');
await waitForGo();
for (let i = 0; i < config.turns; i++) {
  await memory.store([
    { role: 'user', content: `${config.writer} asks question ${i} about a topic worth remembering.` },
    { role: 'assistant', content: `${config.writer} answer ${i}: here is what matters about it.` },
  ]);
  await view.consolidate();
}
await store.close();
emit('done');
