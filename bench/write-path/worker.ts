/**
 * One write-path measurement in a fresh process: `node bench/write-path/worker.ts '<task json>'`. Writes its
 * result as JSON to `task.out`; a failure exits non-zero with the error on stderr. Started by the suite.
 */

import { writeFileSync } from 'node:fs';
import { readFixture } from '../storage/fixture.ts';
import type { WriteResult, WriteTask } from './tasks.ts';

const task = JSON.parse(process.argv[2] ?? '') as WriteTask;
const slice = readFixture(task.fixture, task.from, task.count);
const c = task.contender;
let result: WriteResult;
if (task.op === 'contend') {
  result = await (await import('./contend.ts')).contend(task, slice);
} else if (c.kind === 'engram') {
  const { engramSessions } = await import('./engram-sessions.ts');
  result = await engramSessions({ ...task, ...c, slice, pgSchema: task.pgSchema });
} else if (c.kind === 'mastra') {
  result = await (await import('./mastra-sessions.ts')).mastraSessions({ ...task, slice });
} else {
  const { rawSessions } = await import('./raw-sessions.ts');
  result = await rawSessions({ ...task, durability: c.durability, slice });
}
writeFileSync(task.out, JSON.stringify(result));
