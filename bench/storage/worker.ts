/**
 * One measurement in a fresh process: `node bench/storage/worker.ts '<task json>'`. Writes its result as JSON
 * to `task.out`; a failure exits non-zero with the error on stderr. Started by child.ts, never by hand.
 */

import { writeFileSync } from 'node:fs';
import { type FixtureSlice, readFixture } from './fixture.ts';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';

type Op = (task: Task, fixture: FixtureSlice) => Promise<AppendResult | ColdOpenResult>;

/** The operation of a task, loaded lazily so a cold open imports only its own library. */
async function operation(task: Task): Promise<Op> {
  const { kind } = task.contender;
  const missing = (): never => {
    throw new Error(`${kind} has no ${task.op}`);
  };
  if (kind === 'raw') {
    const m = await import('./raw-sqlite.ts');
    return { append: m.rawAppend }[task.op as 'append'] ?? missing();
  }
  if (kind === 'mastra') {
    const m = await import('./mastra.ts');
    const ops = { append: m.mastraAppend, fill: m.mastraFill, 'cold-open': m.mastraColdOpen };
    return ops[task.op];
  }
  if (kind === 'langgraph') {
    const m = await import('./langgraph.ts');
    const ops = { append: m.langgraphAppend, fill: m.langgraphFill, 'cold-open': m.langgraphColdOpen };
    return ops[task.op as 'append'] ?? missing();
  }
  if (task.profileSql) return (await import('./sql-profile.ts')).profiledColdOpen;
  const m = await import('./engram.ts');
  const ops = { append: m.engramAppend, fill: m.engramFill, 'cold-open': m.engramColdOpen };
  return ops[task.op];
}

const task = JSON.parse(process.argv[2] ?? '') as Task;
const run = await operation(task);
const fixture =
  task.op === 'cold-open'
    ? { messages: [], tokens: [] }
    : readFixture(task.fixture, task.from ?? 0, task.count);
const result = await run(task, fixture);
writeFileSync(task.out, JSON.stringify(result));
