import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/** Entries read at a time past a fork point. */
const page = 64;

/**
 * The fork point `atSeq` of session `sessionId`, moved past the tool messages right after it: a tool message
 * answers calls made before it (an atomic unit: an assistant message and the results and approval responses that
 * answer its calls, DESIGN.md §2.2), so a fork that stopped before it would hold the calls without their answers,
 * which no provider accepts. A point followed by anything else (a user or assistant message, or nothing) stays.
 */
export async function unitEnd(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  atSeq: number,
): Promise<number> {
  let end = atSeq;
  for (;;) {
    const next = await store.readRange(scope, sessionId, { fromSeq: end + 1, limit: page });
    for (const entry of next) {
      if (entry.message.role !== 'tool') return end;
      end = entry.seq;
    }
    if (next.length < page) return end;
  }
}
