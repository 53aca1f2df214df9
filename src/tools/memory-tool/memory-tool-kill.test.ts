import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { killTestContext } from '../../../test-support/reliability/memory-tool-kill.ts';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { create, view } from './memory-tool-commands.ts';

const kills = 12;

describe('memory tool: SIGKILLed while editing and renaming', () => {
  const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
  it(`sqlite: ${kills} kills; the file is always in exactly one place, with every acknowledged edit`, async () => {
    const db = await sqlite.setup('memory_tool_kill');
    const store = db.open();
    const ctx = killTestContext(getLongTermRecords(store));
    const location = db.child as { path: string };
    const problems: string[] = [];
    let sealedSeen = 0;
    let before = 0; // the count after the previous kill's recovery
    try {
      await create(ctx, '/memories/f.md', 'count: 0');
      for (let k = 0; k < kills; k++) {
        const run = runChildScript('./memory-tool-kill-child.ts', location);
        await run.waitForLine((l) => l === 'ready');
        await sleep(50 + Math.random() * 250);
        run.child.kill('SIGKILL');
        await run.exited;
        const acked = Math.max(
          before,
          ...run.lines.filter((l) => l.startsWith('ack ')).map((l) => Number(l.slice(4))),
        );
        // Read-only first (no lock): the listing shows the file once, even mid-move.
        const entries = await ctx.files.list();
        if (entries.some((e) => e.movedTo)) sealedSeen++;
        const shown = (await view(ctx, '/memories', undefined)).match(/\/memories\/[fg]\.md/g) ?? [];
        if (shown.length !== 1) problems.push(`kill ${k}: the listing shows ${JSON.stringify(shown)}`);
        // The next command that takes the lock (after the dead holder's lease) finishes any half-done move.
        await create(ctx, `/memories/probe-${k}.md`, 'x');
        const files = (await ctx.files.list()).filter((f) => !f.path.includes('probe'));
        if (files.length !== 1 || files[0]!.movedTo)
          problems.push(`kill ${k}: after recovery ${JSON.stringify(files)}`);
        const count = Number(/count: (\d+)/.exec((await ctx.files.read(files[0]!.path)) ?? '')?.[1]);
        if (!(count >= acked && count <= acked + 1))
          problems.push(`kill ${k}: count ${count} after ${acked} acknowledged edits`);
        before = count;
      }
      expect(problems).toEqual([]);
      console.info(`memory tool kill test: ${kills} kills, ${sealedSeen} left a sealed file to finish`);
    } finally {
      await store.close();
      await db.done();
    }
  }, 120_000);
});
