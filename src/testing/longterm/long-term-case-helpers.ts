import { expect } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import type { NewLongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';

/** A record prepared as `createLongTermMemory` prepares it. */
export const rec = (input: NewLongTermRecord) => prepareRecord(input, 'test');

/** The store's BM25 hits for a text (its analysed terms), at most 100. */
export const search = (s: LongTermStoreV1, scope: Scope, text: string, extra: object = {}) =>
  s.searchText(scope, { terms: analyzeText(text), limit: 100, ...extra });

/** The ids of hits, in order. */
export const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

/** Asserts that `p` rejects with a `MemoryError` of `code` whose message matches `pattern`. */
export async function rejects(p: Promise<unknown>, code: string, pattern?: RegExp): Promise<void> {
  try {
    await p;
  } catch (error) {
    expect(MemoryError.isInstance(error), String(error)).toBe(true);
    expect((error as MemoryError).code).toBe(code);
    if (pattern) expect((error as Error).message).toMatch(pattern);
    return;
  }
  throw new Error(`expected ${code}`);
}
