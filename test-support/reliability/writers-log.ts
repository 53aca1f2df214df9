import { expect } from 'vitest';
import type { LogEntry } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';

/**
 * Checks the log that `writers` concurrent writers left in one session, each having appended `perWriter` messages
 * `p<writer>-<n>` in order: exactly that many live entries, seqs gapless from 1, every id once, each writer's order
 * kept. Returns the entries in log order.
 */
export async function expectWritersLog(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  writers: number,
  perWriter: number,
): Promise<LogEntry[]> {
  const total = writers * perWriter;
  const entries = await store.readRange(scope, sessionId);
  expect(await store.stats(scope, sessionId)).toMatchObject({ count: total, lastSeq: total });
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  const ids = entries.map((e) => e.message.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (let k = 0; k < writers; k++) {
    expect(
      ids.filter((id) => id.startsWith(`p${k}-`)),
      `writer ${k} order`,
    ).toEqual(Array.from({ length: perWriter }, (_, n) => `p${k}-${n + 1}`));
  }
  return entries;
}
