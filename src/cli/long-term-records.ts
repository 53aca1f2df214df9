import type { Scope } from '../core/scope.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';

/** A read-only long-term memory of the scope (it records nothing), and its current records, paged through. */
export async function currentRecords(
  store: HasLongTermRecords,
  scope: Scope,
  options: { kind?: string; limit?: number } = {},
): Promise<{ longTerm: ReturnType<typeof createLongTermMemory>; records: LongTermRecord[] }> {
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const out: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await longTerm.records.listRecords(longTerm.scope, {
      limit: 1000,
      ...(options.kind ? { filter: { kinds: [options.kind] } } : {}),
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor && out.length < limit);
  return { longTerm, records: out.slice(0, limit) };
}
