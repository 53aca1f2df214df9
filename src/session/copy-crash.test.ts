import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import type { CopyChildConfig } from '../../test-support/reliability/copy-child.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { prng } from '../../test-support/reliability/writer-messages.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { isUnfinished } from '../store/abandoned-session.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createSessions } from './sessions.ts';

const messages = 6000;
const scope = { tenant: 'default' };
const contents = Array.from({ length: messages }, (_, i) => `message ${i}: the weather in Lisbon`);

const drivers: {
  name: string;
  kills: number;
  setup(dir: string): { child: CopyChildConfig; open(): MemoryStoreV1 };
}[] = [
  {
    name: 'sqlite',
    kills: 6,
    setup: (dir) => {
      const db = join(dir, 'copy.db');
      return { child: { db }, open: () => createSqliteStore({ path: db }) };
    },
  },
  {
    name: 'json-file',
    kills: 4,
    setup: (dir) => {
      const directory = join(dir, 'store');
      return { child: { jsonFile: directory }, open: () => createJsonFileStore({ directory }) };
    },
  },
];

/** What the store holds of `dst`: absent, unfinished (and then hidden), or complete (every message, the artifact). */
async function stateOf(open: () => MemoryStoreV1): Promise<'absent' | 'unfinished' | 'complete'> {
  const store = open();
  try {
    const sessions = createSessions({ store });
    const record = await store.getSession(scope, 'dst');
    if (!record) return 'absent';
    if (isUnfinished(record.metadata)) {
      expect((await sessions.list()).map((r) => r.id)).toEqual(['src']);
      await expect(sessions.open('dst')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
      return 'unfinished';
    }
    expect(record.metadata).toEqual({ topic: 'trip', 'engram.retention': 'persistent' });
    const read = await (await sessions.open('dst')).read();
    expect(read.map((m) => m.content)).toEqual(contents);
    expect((await store.listArtifacts(scope, 'dst')).map((a) => [a.id, a.fromSeq, a.toSeq])).toEqual([
      ['summary', 1, messages],
    ]);
    return 'complete';
  } finally {
    await store.close();
  }
}

describe('sessions.copy under SIGKILL: nothing visible, or the whole copy', () => {
  for (const driver of drivers)
    it(`${driver.name}: ${driver.kills} kills at random moments of a ${messages}-message copy; the next copy completes it`, async () => {
      const dir = await tempDir('copy-crash');
      const { child, open } = driver.setup(dir.path);
      const seen: string[] = [];
      try {
        const store = open();
        const src = await createSessions({ store }).create({ id: 'src', metadata: { topic: 'trip' } });
        await src.store(
          contents.map((content, i) => ({ id: `m${i}`, role: 'user', content }) as ModelMessage),
        );
        await src.putArtifact({ id: 'summary', kind: 'summary', fromSeq: 1, toSeq: messages, data: 'all' });
        await store.close();
        const copyInChild = async () => {
          const run = runChildScript('./copy-child.ts', child);
          await run.waitForLine((l) => l === 'started');
          return run;
        };
        // A whole copy first, to time the kills.
        const first = await copyInChild();
        const t0 = performance.now();
        expect((await first.exited).code, first.stderr()).toBe(0);
        const whole = performance.now() - t0;
        expect(await stateOf(open)).toBe('complete');
        const random = prng(26_001 + driver.name.length);
        for (let kill = 0; kill < driver.kills; kill++) {
          const s = open();
          await s.deleteSession(scope, 'dst');
          await s.close();
          const run = await copyInChild();
          await sleep(Math.floor(random() * whole));
          run.child.kill('SIGKILL');
          const exit = await run.exited;
          const after = await stateOf(open);
          seen.push(`${exit.signal === 'SIGKILL' ? 'killed' : 'finished'}:${after}`);
          if (exit.signal !== 'SIGKILL') expect(after).toBe('complete');
          if (after === 'complete') continue;
          // The next copy to the id replaces what the crash left (its run is gone) and completes.
          const again = open();
          await createSessions({ store: again }).copy('src', { id: 'dst' });
          await again.close();
          expect(await stateOf(open)).toBe('complete');
        }
        expect(
          seen.some((s) => s === 'killed:unfinished'),
          seen.join(' '),
        ).toBe(true);
      } finally {
        console.log(`[copy crash ${driver.name}] ${seen.join(' ')}`);
        await dir.remove();
      }
    }, 300_000);
});
