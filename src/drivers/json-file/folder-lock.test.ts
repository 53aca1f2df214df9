import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../../test-support/reliability/child-process.ts';
import type { JsonFileLockChildConfig } from '../../../test-support/reliability/json-file-lock-child.ts';
import { killAt } from '../../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage } from '../../testing/fixtures.ts';
import { lockFileName } from './folder-lock.ts';
import { createJsonFileStore } from './json-file-driver.ts';

const scope = { tenant: 'lock' };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function directory(): Promise<string> {
  const dir = await tempDir('json-lock');
  cleanups.push(dir.remove);
  return dir.path;
}

function open(dir: string): MemoryStoreV1 {
  const store = createJsonFileStore({ directory: dir });
  cleanups.push(() => store.close().catch(() => undefined));
  return store;
}

const say = (text: string) => ({ message: makeMessage('user', text), tokens: 1 });
const texts = async (store: MemoryStoreV1) =>
  (await store.readRange(scope, 'chat')).map((e) => e.message.content as string);

function holder(dir: string): ChildRun {
  const run = runChildScript('./json-file-lock-child.ts', {
    directory: dir,
  } satisfies JsonFileLockChildConfig);
  cleanups.push(async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  });
  return run;
}

describe('json-file store: one handle owns a directory (issue 21, defect 3)', () => {
  it('refuses a second handle in the same process with STORE_ERROR, changing nothing, until the first closes', async () => {
    const dir = await directory();
    const first = open(dir);
    await first.createSession(scope, { id: 'chat' });
    await first.append(scope, 'chat', [say('one')]);
    const second = open(dir);
    const error = await expectMemoryError(second.append(scope, 'chat', [say('lost?')]), 'STORE_ERROR');
    expect(error.message).toMatch(/in use by another store handle \(pid \d+, this process/);
    await expectMemoryError(second.getSession(scope, 'chat'), 'STORE_ERROR');
    await first.append(scope, 'chat', [say('two')]);
    expect(await texts(first)).toEqual(['one', 'two']);
    await first.close();
    expect(await texts(second)).toEqual(['one', 'two']);
    await second.append(scope, 'chat', [say('three')]);
    await second.close();
    await expect(readFile(join(dir, lockFileName))).rejects.toThrow(/ENOENT/);
    expect(await texts(open(dir))).toEqual(['one', 'two', 'three']);
  });

  it('four handles racing 1,000 appends: every acknowledged message is there after a reopen', async () => {
    const dir = await directory();
    const setup = open(dir);
    await setup.createSession(scope, { id: 'chat' });
    await setup.close();
    const handles = [0, 1, 2, 3].map(() => open(dir));
    const acked: string[] = [];
    await Promise.all(
      handles.map(async (store, h) => {
        for (let i = 0; i < 250; i++) {
          const text = `h${h}-${i}`;
          try {
            await store.append(scope, 'chat', [say(text)]);
            acked.push(text);
          } catch (error) {
            if (!MemoryError.hasCode(error, 'STORE_ERROR')) throw error;
          }
        }
      }),
    );
    for (const store of handles) await store.close();
    const stored = await texts(open(dir));
    expect(acked.length).toBeGreaterThan(0);
    expect(stored.filter((t) => acked.includes(t)).length).toBe(acked.length);
    expect(stored.length).toBe(acked.length);
    expect(new Set(acked.map((t) => t.split('-')[0])).size).toBe(1); // one handle owned it; the others were refused
  });

  it('refuses a handle of another process while this one holds the directory, and this one while the other does', async () => {
    const dir = await directory();
    const mine = open(dir);
    await mine.createSession(scope, { id: 'locked' });
    const other = holder(dir);
    await other.waitForLine((l) => l.startsWith('refused') || l === 'held');
    expect(other.lines).toContain('refused STORE_ERROR');
    sendGo(other);
    await other.exited;
    await mine.close();

    const owner = holder(dir);
    await owner.waitForLine((l) => l === 'held');
    const late = open(dir);
    const error = await expectMemoryError(late.getSession(scope, 'locked'), 'STORE_ERROR');
    expect(error.message).toContain(`pid ${owner.child.pid}`);
    sendGo(owner);
    await owner.waitForLine((l) => l === 'closed');
    await owner.exited;
    expect((await late.readRange(scope, 'locked')).map((e) => e.message.id)).toEqual([
      `child-${owner.child.pid}`,
    ]);
  });

  it('takes over the lock a SIGKILLed process left', async () => {
    const dir = await directory();
    const killed = holder(dir);
    await killAt(killed, () => killed.waitForLine((l) => l === 'held'), '[lock]');
    const left = JSON.parse(await readFile(join(dir, lockFileName), 'utf8'));
    expect(left.pid).toBe(killed.child.pid);
    const next = open(dir);
    expect((await next.readRange(scope, 'locked')).map((e) => e.message.id)).toEqual([
      `child-${killed.child.pid}`,
    ]);
    const now = JSON.parse(await readFile(join(dir, lockFileName), 'utf8'));
    expect(now.pid).toBe(process.pid);
  });

  it('treats a lock whose pid now runs another process (another start time), or that is not a lock, as stale', async () => {
    const dir = await directory();
    const sleeper = spawn('sleep', ['30']);
    cleanups.push(async () => sleeper.kill('SIGKILL'));
    const reused = {
      pid: sleeper.pid,
      started: '1',
      host: hostname(),
      nonce: 'old',
      since: '2020-01-01T00:00:00Z',
    };
    await writeFile(join(dir, lockFileName), JSON.stringify(reused));
    const store = open(dir);
    await store.createSession(scope, { id: 'chat' });
    await store.close();
    await writeFile(join(dir, lockFileName), 'not a lock');
    expect(await open(dir).getSession(scope, 'chat')).toBeDefined();
  });
});
