/**
 * Child script of the memory tool's race test: opens `handles` store handles on the database (SQLite file or
 * PostgreSQL schema), prints `ready`, then for each round waits for the line `go <round>` on stdin, runs one race
 * writer per handle at once (see `runRaceWriter`), prints every answer as a JSON line and then `done <round>`.
 */
import { createInterface } from 'node:readline';
import { childConfig, emit } from './child-process.ts';
import { runRaceWriter } from './memory-tool-race.ts';
import { openReopenable, type ReopenableLocation } from './reopenable-stores.ts';

/** What the parent passes in argv[2]. */
export interface MemoryToolChildConfig {
  location: ReopenableLocation;
  /** This process's number among `processes`. */
  process: number;
  processes: number;
  handles: number;
}

const config = childConfig<MemoryToolChildConfig>();
const stores = Array.from({ length: config.handles }, () => openReopenable(config.location));
const writers = config.processes * config.handles;
emit('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const round = Number(line.replace(/^go /, ''));
  const outcomes = await Promise.all(
    stores.map((store, h) => {
      const index = config.process * config.handles + h;
      return runRaceWriter(store, round, { id: `p${config.process}h${h}`, index, writers, renamer: h === 0 });
    }),
  );
  for (const o of outcomes.flat()) emit(JSON.stringify(o));
  emit(`done ${round}`);
}
for (const store of stores) await store.close();
