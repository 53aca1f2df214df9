/**
 * Child script of the LangGraph concurrent `putWrites` race: opens a SQLite store on a shared file and a saver on
 * it, prints `ready`, waits for the parent's `go`, then for each round r puts its writer's writes
 * (`taskWriterCalls(r)[writer]`) into task `task-<r>` of the checkpoint `config` names. Prints `done <rounds>` at the
 * end; any error `error <message>`, exit 1.
 */
import type { RunnableConfig } from '@langchain/core/runnables';
import { createEngramCheckpointSaver } from '../../src/langgraph.ts';
import { createSqliteStore } from '../../src/sqlite.ts';
import { taskWriterCalls } from '../langgraph/task-writers.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface PutWritesChildConfig {
  /** The database file. */
  path: string;
  /** The checkpoint written to (thread and checkpoint id). */
  config: RunnableConfig;
  writer: number;
  rounds: number;
}

const { path, config, writer, rounds } = childConfig<PutWritesChildConfig>();
const store = createSqliteStore({ path });
const saver = createEngramCheckpointSaver({ store, scope: { tenant: 't' } });
await saver.getTuple(config);
emit('ready');
await waitForGo();
try {
  for (let round = 0; round < rounds; round++)
    await saver.putWrites(config, taskWriterCalls(round)[writer]!, `task-${round}`);
} catch (error) {
  emit(`error ${String(error).replaceAll('\n', ' ')}`);
  await store.close();
  process.exit(1);
}
await store.close();
emit(`done ${rounds}`);
