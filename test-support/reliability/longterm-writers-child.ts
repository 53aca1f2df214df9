/**
 * Child script of the long-term multi-process and SIGKILL tests: a long-term memory on a reopenable database
 * (SQLite file, PostgreSQL schema, or a json-file directory for the SIGKILL test) runs its writer's sequence (`stepOps`), printing one JSON line per write once
 * it is acknowledged. `race`: waits for the parent's go, runs `steps` steps, and after each one also updates a
 * shared record (with `expectedVersion`, read again on `CONFLICT`, printing `conflict`) and adds the record `common` every writer adds;
 * prints `done`. `loop`: with a topic embedding model (vectors are written in the background), runs until killed.
 */
import type { Scope } from '../../src/core/scope.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { topicEmbeddingModel } from '../topic-embedding-model.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { type LongTermLocation, openLongTermStore } from './longterm-stores.ts';
import { type LongTermAck, stepOps } from './longterm-write-ops.ts';

/** What the parent passes in argv[2]. */
export interface LongTermWritersChildConfig {
  location: LongTermLocation;
  scope: Scope;
  /** Marks the texts (the scope's name). */
  label: string;
  writer: string;
  mode: 'race' | 'loop';
  /** Steps of a `race` run. */
  steps?: number;
  /** The ids of the shared records a `race` run updates in turn (they exist before it starts). */
  shared?: string[];
}

const config = childConfig<LongTermWritersChildConfig>();
const store = openLongTermStore(config.location);
const memory = createLongTermMemory({
  store,
  scope: config.scope,
  ...(config.mode === 'loop' ? { embedding: topicEmbeddingModel().model } : {}),
  onError: (e) => process.stderr.write(`background: ${String(e)}\n`),
});
const ack = (a: LongTermAck) => emit(JSON.stringify(a));

/** Updates shared record `id` to a text naming this writer and step, retrying on a concurrent writer's version. */
async function updateShared(id: string, step: number): Promise<void> {
  const text = `shared ${id} by ${config.writer} at ${step}`;
  for (;;) {
    const current = await memory.get(id);
    if (!current) throw new Error(`shared record ${id} is missing`);
    try {
      const out = await memory.update(id, { text, expectedVersion: current.version });
      return ack({ op: 'update', id, text, version: out.version });
    } catch (error) {
      if ((error as { code?: string }).code !== 'CONFLICT') throw error;
      emit('conflict');
    }
  }
}

emit('ready');
if (config.mode === 'race') await waitForGo();
const steps = config.mode === 'race' ? (config.steps ?? 0) : Number.POSITIVE_INFINITY;
for (let i = 0; i < steps; i++) {
  for (const o of stepOps(config.label, config.writer, i)) {
    if (o.op === 'add') {
      const [out] = await memory.add({ id: o.id, text: o.text });
      ack({ ...o, version: out!.version });
    } else if (o.op === 'update') ack({ ...o, version: (await memory.update(o.id, o.text)).version });
    else if (await memory.delete(o.id)) ack(o);
    else throw new Error(`delete of ${o.id} found nothing`);
  }
  if (config.mode !== 'race') continue;
  const shared = config.shared ?? [];
  if (shared.length > 0) await updateShared(shared[i % shared.length]!, i);
  if (i === 0) {
    const text = 'common record every writer adds';
    await memory.add({ id: 'common', text });
    ack({ op: 'add', id: 'common', text });
  }
}
emit('done');
await store.close();
