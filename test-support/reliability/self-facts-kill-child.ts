/**
 * Child script of the self facts' SIGKILL test: on a SQLite file, a long-term memory records "I live in Oslo."
 * (prints `first`), then "I moved to Bergen." with its first `updateRecord` (the write that ends the Oslo fact,
 * after the Bergen fact was added) stalled after printing `stalled`, so the parent kills it between the two.
 */
import type { MemoryMessage } from '../../src/core/message.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { hookRecords } from '../hooked-records.ts';
import { childConfig, emit } from './child-process.ts';
import { openReopenable } from './reopenable-stores.ts';
import { selfFactsKill } from './self-facts-kill.ts';

let armed = false;
const store = hookRecords(openReopenable(childConfig<{ path: string }>()), ['updateRecord'], async () => {
  if (!armed) return;
  emit('stalled');
  await new Promise(() => {});
});
const memory = createLongTermMemory({ store, scope: selfFactsKill.scope, session: selfFactsKill.session });
await memory.record([selfFactsKill.first as MemoryMessage]);
emit('first');
armed = true;
await memory.record([selfFactsKill.second as MemoryMessage]);
emit('done');
await store.close();
