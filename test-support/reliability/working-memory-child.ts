/**
 * Child script of the working-memory concurrency test: opens the store (SQLite file or PostgreSQL schema), waits
 * for `go`, then makes `updates` schema-mode working-memory updates (each adds its own key) and `updates` core
 * block appends (each its own line), as fast as it can against the other writer. Prints `done`.
 */
import { z } from 'zod';
import { createCoreMemory } from '../../src/working/core-memory.ts';
import { createWorkingMemory } from '../../src/working/working-memory.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { type ChildStoreConfig, openChildStore } from './child-store.ts';

/** What the parent passes in argv[2]. */
export interface WorkingMemoryChildConfig extends ChildStoreConfig {
  writer: string;
  updates: number;
}

const config = childConfig<WorkingMemoryChildConfig>();
const store = openChildStore(config);
const scope = { tenant: 'team', user: 'ada' };
const wm = createWorkingMemory({
  store,
  scope,
  schema: z.record(z.string(), z.number()),
  maxChars: 65_536,
  retries: 1000,
});
const core = createCoreMemory({ store, scope, blocks: [{ label: 'log', limit: 65_536 }], retries: 1000 });
emit('ready');
await waitForGo();
for (let i = 0; i < config.updates; i++) {
  await wm.update({ [`${config.writer}_${i}`]: i });
  await core.append('log', `${config.writer} ${i}`);
}
await store.close();
emit('done');
