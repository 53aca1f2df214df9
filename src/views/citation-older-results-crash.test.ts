import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchSteps } from '../../test-support/fetch-steps.ts';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import type { OlderResultsChildConfig } from '../../test-support/reliability/older-results-child.ts';
import { checkIntegrity } from '../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createPrng } from '../testing/prng.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';
import { olderResultsKind } from './older-results.ts';

/**
 * The background storing of a long session's older results under SIGKILL: child processes read a never-read
 * session through a budgeted citation view and are killed at random moments while the older part's results are
 * stored. After every kill the file is whole and the mark never claims an entry whose result is not stored; the
 * next child goes on from the mark (a child that finished, leaving every result stored, is followed by one on a
 * fresh copy of the unread session), and the last one, left to finish, leaves every result stored.
 * Reproduce with ENGRAM_CRASH_SEED=<seed> (printed below).
 */
const seed = Number(process.env.ENGRAM_CRASH_SEED ?? Date.now() % 100_000);
const report: string[] = [];
afterAll(() => console.info(`[older-results-crash] seed ${seed}\n${report.join('\n')}`));

const counter = createTokenCounter({ encoding: 'o200k_base' });
const sessionId = 'ses_kill';
const overTokens = 300;
const large = (i: number) =>
  `large result ${i} about topic${i}: ${'alpha beta tokyo report plan '.repeat(120)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session's large results: each tool message's sequence number and the item id its result is stored under. */
async function expectedItems(path: string) {
  const store = createSqliteStore({ path });
  try {
    const conversation = createConversationMemory({ store, sessionId, counter });
    const view = createCitationMemory({ conversation, content: createContentStore({ store, counter }) });
    return (await conversation.entries()).flatMap((e) =>
      e.message.role === 'tool' && typeof e.message.content !== 'string'
        ? e.message.content.flatMap((p) =>
            p.type === 'tool-result' && p.output.type === 'text' && p.output.value.startsWith('large')
              ? [{ seq: e.seq, id: view.itemIdFor(e.message.id, p.toolCallId) }]
              : [],
          )
        : [],
    );
  } finally {
    await store.close();
  }
}

/** The mark's `toSeq` (0 without one) and which of `ids` are stored. */
async function stateOf(path: string, ids: readonly string[]) {
  const store = createSqliteStore({ path });
  try {
    const conversation = createConversationMemory({ store, sessionId, counter });
    const [mark] = await conversation.listArtifacts(olderResultsKind);
    const toSeq = (mark?.data as { toSeq?: number } | undefined)?.toSeq ?? 0;
    const infos = await store.contentItems.getItemInfos!({ tenant: 'default' }, 'default', ids);
    return { toSeq, stored: new Set(infos.keys()) };
  } finally {
    await store.close();
  }
}

describe('citation view: older results stored in the background, under SIGKILL', () => {
  it('after each of 12 or more random kills the mark claims only stored results; the last child stores them all', async () => {
    const dir = await tempDir('older-results-crash');
    try {
      const base = join(dir.path, 'base.db');
      const path = join(dir.path, 'kill.db');
      const build = createSqliteStore({ path: base });
      await createConversationMemory({ store: build, sessionId, counter }).store([
        { role: 'user', content: 'research' },
        ...fetchSteps(600, (i) => (i % 2 === 1 ? large(i) : `small result ${i}`)),
      ]);
      await build.close(); // checkpointed: the file alone holds the session
      const fresh = () => {
        for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true });
        copyFileSync(base, path);
      };
      fresh();
      const items = await expectedItems(path);
      expect(items).toHaveLength(300);
      const ids = items.map((i) => i.id);
      const config: OlderResultsChildConfig = { path, sessionId, maxTokens: 3000, overTokens };
      const random = createPrng(seed);
      const marks: number[] = [];
      let killed = 0;
      let partial = 0;
      // 12 kills, and more (up to 30) until at least 3 left results to store: how many do depends on the machine's
      // speed against the random kill times (a loaded machine finished more children before their kill).
      for (let k = 0; k < 30 && (k < 12 || partial <= 2); k++) {
        const where = `[older-results crash seed ${seed} kill ${k + 1}]`;
        const run = runChildScript('./older-results-child.ts', config);
        await run.waitForLine((l) => l === 'read');
        await Promise.race([sleep(random() * 250), run.waitForLine((l) => l === 'idle').catch(() => {})]);
        if (!run.lines.includes('idle')) {
          run.child.kill('SIGKILL');
          killed++;
        }
        const exit = await run.exited;
        if (exit.signal !== 'SIGKILL' && exit.code !== 0)
          throw new Error(`${where} the child exited with ${exit.code}: ${run.stderr()}`);
        checkIntegrity(path, where);
        const { toSeq, stored } = await stateOf(path, ids);
        marks.push(toSeq);
        const claimed = items.filter((i) => i.seq <= toSeq);
        expect(
          claimed.filter((i) => !stored.has(i.id)).map((i) => i.seq),
          where,
        ).toEqual([]);
        if (run.lines.includes('idle')) {
          // A child that went idle left every result stored, whatever mark the kill before it left.
          expect(
            items.filter((i) => !stored.has(i.id)).map((i) => i.seq),
            `${where} (went idle)`,
          ).toEqual([]);
          fresh();
        } else if (stored.size < ids.length) partial++;
      }
      report.push(
        `kills ${killed} (${partial} with results left to store), marks after each: ${marks.join(' ')}`,
      );
      expect(partial).toBeGreaterThan(2);
      // Left to finish (on the state the last kill left): every result stored.
      const last = runChildScript('./older-results-child.ts', config);
      await last.waitForLine((l) => l === 'idle');
      expect((await last.exited).code).toBe(0);
      const { toSeq, stored } = await stateOf(path, ids);
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      expect(toSeq).toBeGreaterThan(1000);
    } finally {
      await dir.remove();
    }
  }, 180_000);
});
