/**
 * Child script of the pruned-slot concurrency test: opens the store (SQLite file or PostgreSQL schema), waits for
 * `go`, then appends `updates` lines of its own to one record slot that keeps `keep` versions (so it prunes after
 * every `keep`-th version), and after each one prunes the record to 1 version directly (a second pruner racing
 * the other writer) and reads the slot back: the current version must be there, at least the one just written.
 * Prints `done`, or `prune error <message>` for a prune the slot reported failed.
 */
import { createRecordSlot } from '../../src/working/record-slot.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { type ChildStoreConfig, openChildStore } from './child-store.ts';

/** What the parent passes in argv[2]. */
export interface PrunedSlotChildConfig extends ChildStoreConfig {
  writer: string;
  updates: number;
  keep: number;
}

const config = childConfig<PrunedSlotChildConfig>();
const store = openChildStore(config);
const scope = { tenant: 'team', user: 'ada' };
const records = store.longTermRecords;
const slot = createRecordSlot({
  records,
  scope,
  id: 'slot',
  kind: 'engram.test_slot',
  component: 'test',
  retries: 1000,
  keepVersions: config.keep,
  onPruneError: (error) => emit(`prune error ${String(error)}`),
});
emit('ready');
await waitForGo();
for (let i = 0; i < config.updates; i++) {
  const written = await slot.update((current) => ({
    text: current ? `${current.text}\n${config.writer} ${i}` : `${config.writer} ${i}`,
  }));
  await records.pruneVersions?.(scope, 'slot', 1);
  const now = await slot.read();
  if (!now || now.version < written.version)
    throw new Error(`after writing version ${written.version} the slot read ${now?.version}`);
}
await store.close();
emit('done');
