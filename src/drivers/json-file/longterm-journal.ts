import { join } from 'node:path';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermJournal, LongTermJournalEntry } from '../../longterm/memory-long-term-records.ts';
import { appendDurable, makeDirDurable, readIfExists, splitLines, writeFileAtomic } from './files.ts';
import { prunedJournalLines } from './longterm-journal-prune.ts';

/** The file of a tenant's long-term journal, beside its sessions. */
export const longTermFile = 'longterm.jsonl';

const dateKeys = ['validAt', 'invalidAt', 'createdAt', 'recordedAt', 'expiredAt'] as const;

function revive(line: string, path: string, n: number): LongTermJournalEntry {
  try {
    const entry = JSON.parse(line) as LongTermJournalEntry;
    if (entry.op === 'version') {
      const r = entry.record as LongTermRecord & Record<string, unknown>;
      for (const key of dateKeys) if (typeof r[key] === 'string') r[key] = new Date(r[key] as string);
    }
    return entry;
  } catch (error) {
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'json-file',
      message: `${path}: line ${n + 1} is not a journal entry`,
      cause: error,
    });
  }
}

/**
 * The json-file driver's long-term journal: one JSONL file per tenant, each write one durable append (fsync),
 * a torn last line from a crash ignored on load. A purge rewrites the file (atomically) without the purged
 * records, and a prune (`pruneVersions`) without the versions it drops, so their text is gone from disk: a prune
 * costs a rewrite of the tenant's file. `within` runs a function on the tenant's directory inside the
 * driver's serialized operations.
 */
export function createJsonFileLongTermJournal(
  within: <T>(scope: Scope, fn: (dir: string) => Promise<T>) => Promise<T>,
): LongTermJournal {
  const sizes = new Map<string, number>();
  return {
    load: (tenant) =>
      within({ tenant }, async (dir) => {
        const path = join(dir, longTermFile);
        const buffer = await readIfExists(path);
        if (!buffer) {
          sizes.set(tenant, 0);
          return [];
        }
        const { lines, size } = splitLines(buffer);
        sizes.set(tenant, size);
        return lines.map((line, n) => revive(line, path, n));
      }),
    append: (tenant, entries) =>
      within({ tenant }, async (dir) => {
        const path = join(dir, longTermFile);
        if (!sizes.get(tenant)) await makeDirDurable(dir);
        const purged = new Set(
          entries.flatMap((e) => (e.op === 'purge' ? e.ids.map((id) => JSON.stringify([e.owner, id])) : [])),
        );
        const prunes = entries.filter((e) => e.op === 'prune');
        if (purged.size === 0 && prunes.length === 0) {
          const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
          sizes.set(tenant, await appendDurable(path, sizes.get(tenant) ?? 0, text));
          return;
        }
        // A purge removes the records' lines from the file for good, a prune the versions it drops: the journal is
        // rewritten without them (so it holds no `purge` or `prune` line, and reads as it always did).
        const { lines } = splitLines((await readIfExists(path)) ?? Buffer.alloc(0));
        let kept = lines.filter((line, n) => {
          const e = revive(line, path, n);
          if (e.op === 'purge') return false;
          const id = e.op === 'version' ? e.record.id : e.id;
          return !purged.has(JSON.stringify([e.owner, id]));
        });
        for (const prune of prunes)
          kept = prunedJournalLines(kept, (line, n) => revive(line, path, n), prune);
        const rest = entries
          .filter((e) => e.op !== 'purge' && e.op !== 'prune')
          .map((e) => JSON.stringify(e));
        const text = [...kept, ...rest].map((l) => `${l}\n`).join('');
        await writeFileAtomic(path, text);
        sizes.set(tenant, Buffer.byteLength(text));
      }),
  };
}
