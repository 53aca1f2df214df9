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
  // The raw one-commit loop of the storage suite: one session, one transaction per message.
  const { rawAppend } = await import('../storage/raw-sqlite.ts');
  const r = await rawAppend(
    { ...task, op: 'append', contender: c, session: task.sessionPrefix, from: 0 },
    slice,
  );
  result = {
    count: r.count,
    ms: r.ms,
    p50: Number.NaN,
    p99: Number.NaN,
    max: Number.NaN,
    settings: r.settings,
  };
}
writeFileSync(task.out, JSON.stringify(result));
