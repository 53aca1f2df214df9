import { join } from 'node:path';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermJournal, LongTermJournalEntry } from '../../longterm/memory-long-term-records.ts';
import {
  appendDurable,
  makeDirDurable,
  readIfExists,
  splitWholeWrites,
  unbatched,
  writeFileAtomic,
  writeText,
} from './files.ts';
import { compactedJournal } from './longterm-journal-prune.ts';

/** The file of a tenant's long-term journal, beside its sessions. */
export const longTermFile = 'longterm.jsonl';

const dateKeys = ['validAt', 'invalidAt', 'createdAt', 'recordedAt', 'expiredAt'] as const;

/** The entry on a journal line; `where` names the line in the error when it is not one. */
function revive(line: string, where: string): LongTermJournalEntry {
  try {
    const { batch: _, ...entry } = JSON.parse(line) as LongTermJournalEntry & { batch?: number };
    if (entry.op === 'version') {
      const r = entry.record as LongTermRecord & Record<string, unknown>;
      for (const key of dateKeys) if (typeof r[key] === 'string') r[key] = new Date(r[key] as string);
    }
    return entry;
  } catch (error) {
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'json-file',
      message: `${where} is not a journal entry`,
      cause: error,
    });
  }
}

/** Options of {@link createJsonFileLongTermJournal}. */
export interface JsonFileLongTermJournalOptions {
  /**
   * A prune rewrites the file only once it has reached this size and twice its size after the last rewrite;
   * before, it appends its line. @default 64 KiB
   */
  compactFromBytes?: number;
}

/** What the journal knows of a tenant's file between calls. */
interface TenantFile {
  /** The length of its valid prefix. */
  size: number;
  /** Its size after the last rewrite (or at load, 0 when it held prune lines then: the next prune rewrites). */
  compacted: number;
  /** Some record's first line has no listing position (written before they were stored). */
  unnumbered: boolean;
}

/** The length of a journal's whole writes (a torn last line, or the lines of a write a crash cut short, left out). */
const wholeLines = (buffer: Buffer) => splitWholeWrites(buffer).size;

/** Whether some record's first version line has no `seq` (replay numbers it by its place). */
function isUnnumbered(entries: readonly LongTermJournalEntry[]): boolean {
  const met = new Set<string>();
  for (const e of entries) {
    if (e.op !== 'version') continue;
    const key = JSON.stringify([e.owner, e.record.id]);
    if (met.has(key)) continue;
    met.add(key);
    if (e.seq === undefined) return true;
  }
  return false;
}

/**
 * The json-file driver's long-term journal: one JSONL file per tenant, each write one durable append (fsync),
 * a torn last line or a write a crash cut short (`writeText`) ignored on load. A purge rewrites the file
 * (atomically: temp file, fsync, rename) without the purged records, so their text is gone from disk. A prune (`pruneVersions`) appends its
 * line, which replay applies, and the file is rewritten without the versions it dropped when a prune finds it
 * at least `compactFromBytes` long and twice its size after the last rewrite (a purge's rewrite applies them
 * too): a rewrite costs a scan of the tenant's file, and happens once per doubling, not once per prune. `within`
 * runs a function on the tenant's directory inside the driver's serialized operations.
 */
export function createJsonFileLongTermJournal(
  within: <T>(scope: Scope, fn: (dir: string) => Promise<T>) => Promise<T>,
  options: JsonFileLongTermJournalOptions = {},
): LongTermJournal {
  const compactFrom = options.compactFromBytes ?? 64 * 1024;
  const files = new Map<string, TenantFile>();
  /** What the journal knows of the file, read again from disk after a write that failed midway. */
  const fileOf = async (tenant: string, path: string): Promise<TenantFile> => {
    const known = files.get(tenant);
    if (known) return known;
    const buffer = await readIfExists(path);
    const file = { size: buffer ? wholeLines(buffer) : 0, compacted: 0, unnumbered: true };
    files.set(tenant, file);
    return file;
  };
  return {
    load: (tenant) =>
      within({ tenant }, async (dir) => {
        const path = join(dir, longTermFile);
        const buffer = await readIfExists(path);
        const { lines, size } = buffer ? splitWholeWrites(buffer) : { lines: [], size: 0 };
        const entries = lines.map((line, n) => revive(line, `${path}: line ${n + 1}`));
        const pruned = entries.some((e) => e.op === 'prune');
        files.set(tenant, { size, compacted: pruned ? 0 : size, unnumbered: isUnnumbered(entries) });
        return entries;
      }),
    append: (tenant, entries) =>
      within({ tenant }, async (dir) => {
        const path = join(dir, longTermFile);
        const file = await fileOf(tenant, path);
        if (!file.size) await makeDirDurable(dir);
        const purges = entries.filter((e) => e.op === 'purge');
        const prunes = entries.filter((e) => e.op === 'prune');
        // One write, marked as such: a crash that cuts it short leaves none of its lines (see `writeText`).
        const text = writeText(entries.map((e) => `${JSON.stringify(e)}\n`));
        const grown = file.size + Buffer.byteLength(text);
        const compact = prunes.length > 0 && grown >= Math.max(compactFrom, 2 * file.compacted);
        if (purges.length === 0 && !compact) {
          file.size = await appendDurable(path, file.size, text);
          return;
        }
        // The journal is rewritten without what the purges and prunes (these and those in the file) remove, so
        // it holds no `purge` or `prune` line, and reads as it always did (a torn last line left out).
        const whole = (await readIfExists(path)) ?? Buffer.alloc(0);
        // Unmarked: the rewrite drops some lines of a write, and a mark would count them.
        const kept = compactedJournal(
          unbatched(whole.subarray(0, wholeLines(whole))),
          (line, start) => revive(line, `${path}: the line at byte ${start}`),
          purges,
          prunes,
          { unnumbered: file.unnumbered },
        );
        const rest = entries
          .filter((e) => e.op !== 'purge' && e.op !== 'prune')
          .map((e) => `${JSON.stringify(e)}\n`)
          .join('');
        const rewritten = [...kept, Buffer.from(rest, 'utf8')];
        try {
          await writeFileAtomic(path, rewritten);
        } catch (error) {
          // The rename may have happened (a directory fsync that failed after it): the size is read again.
          files.delete(tenant);
          throw error;
        }
        const size = rewritten.reduce((n, chunk) => n + chunk.length, 0);
        files.set(tenant, { size, compacted: size, unnumbered: false });
      }),
  };
}
