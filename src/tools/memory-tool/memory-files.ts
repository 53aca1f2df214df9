import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { ownedCurrent } from '../../longterm/owned-records.ts';
import { createRecordSlot, type RecordSlot } from '../../working/record-slot.ts';
import { createMemoryRootLock, type MemoryRootLockOptions } from './memory-root-lock.ts';

/** The long-term record kind of a memory file (an `engram.` kind: never recalled by long-term search unless asked for). */
export const memoryFileKind = 'engram.memory_file';

/** A file of the memory directory, as a listing shows it. */
export interface MemoryFileEntry {
  /** Its canonical path. */
  path: string;
  /** Its size in UTF-8 bytes. */
  bytes: number;
  /** Set on a file a `rename` has sealed but not yet moved: where it goes. Such a file is read-only. */
  movedTo?: string;
}

/** Why a file operation was refused: a message for the model; nothing was written. */
export class MemoryFileRefusal extends Error {}

/** The files of one owner scope, each a versioned long-term record. */
export interface MemoryFiles {
  /** Every file of the scope, sorted by path, sealed ones (`movedTo`) included. */
  list(): Promise<MemoryFileEntry[]>;
  /** A file's content, or undefined. */
  read(path: string): Promise<string | undefined>;
  /**
   * Writes a file through `edit`, which gets the current content (undefined when there is none) and returns the
   * new one, or throws a {@link MemoryFileRefusal}. Two writers never lose an update: on a concurrent change the
   * edit is applied again to the newer content.
   */
  write(path: string, edit: (current: string | undefined) => string): Promise<void>;
  /** Deletes a file; returns whether it existed. */
  delete(path: string): Promise<boolean>;
  /**
   * Seals a file for a move to `to` by compare-and-set on its version, so an edit either landed before (and is in
   * the returned content) or finds the file gone; resolves to the sealed content, or undefined when there is no
   * file to seal. A file already sealed for a move to `to` gives its content again (to finish a crashed rename).
   */
  seal(path: string, to: string): Promise<string | undefined>;
  /** Runs `fn` holding the scope's directory lock: what it checks against a listing still holds when it writes. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Memory files over a store's long-term records: a file is the record `mfile_<sha256 of its path>` of kind
 * `engram.memory_file` owned by exactly `scope`, whose text is the path, a newline and the content (so the
 * long-term full-text index finds files by name and content, and `history(id)` keeps every version), with
 * `{ path, bytes, owner }` in its metadata. `owner` names the exact scope, a fast filter of the listing, which
 * is wider than the scope (a tenant's covers its users'); since any code writing a user's records may write any
 * metadata, the listed files are then read in the scope (`ownedCurrent`), as `read` and every write address the
 * scope's own record: a tenant-wide scope never lists, reads, edits, moves or deletes a user's or agent's record,
 * whatever owner it names. `lockOptions` set the directory lock's lease and wait (tests).
 */
export function createMemoryFiles(
  records: LongTermStoreV1,
  scope: Scope,
  component: string,
  lockOptions?: MemoryRootLockOptions,
): MemoryFiles {
  const owner = JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null]);
  const idOf = (path: string) => `mfile_${createHash('sha256').update(path).digest('hex')}`;
  const contentOf = (record: LongTermRecord) => record.text.slice(record.text.indexOf('\n') + 1);
  const mine = (record: LongTermRecord) => record.metadata.owner === owner;
  const sealed = (record: LongTermRecord) => typeof record.metadata.movedTo === 'string';
  const live = (record: LongTermRecord | undefined): record is LongTermRecord =>
    record !== undefined && mine(record) && !sealed(record);
  const lock = createMemoryRootLock(records, scope, component, lockOptions);
  // One slot per path while it has updates in flight, so this handler's concurrent edits of one file take turns
  // (a slot's updates do) instead of racing each other's compare-and-set: a fresh slot per write let 100 edits
  // of one file sent at once run out of retries, and the model was told to try again.
  const slots = new Map<string, { slot: RecordSlot; pending: number }>();
  const update = async (path: string, edit: Parameters<RecordSlot['update']>[0]) => {
    let entry = slots.get(path);
    if (entry === undefined) {
      const slot = createRecordSlot({
        records,
        scope,
        id: idOf(path),
        kind: memoryFileKind,
        component,
        // Handles in other processes race this one's compare-and-set: a writer that loses every race in a row
        // tells the model to retry, which under load (two handles editing one file in a tight loop on PostgreSQL)
        // took 9 attempts once; each retry waits up to 50 ms, so 32 is at most ~1.6 s of waiting.
        retries: 32,
      });
      entry = { slot, pending: 0 };
      slots.set(path, entry);
    }
    entry.pending++;
    try {
      return await entry.slot.update(edit);
    } finally {
      if (--entry.pending === 0) slots.delete(path);
    }
  };

  return {
    async list() {
      const listed: LongTermRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await records.listRecords(scope, {
          filter: { kinds: [memoryFileKind], metadata: { owner } },
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        });
        listed.push(...page.records);
        cursor = page.nextCursor;
      } while (cursor);
      const files: MemoryFileEntry[] = [];
      for (const r of await ownedCurrent(records, scope, listed)) {
        if (r.kind !== memoryFileKind || !mine(r)) continue;
        const entry: MemoryFileEntry = { path: String(r.metadata.path), bytes: Number(r.metadata.bytes) };
        files.push(sealed(r) ? { ...entry, movedTo: String(r.metadata.movedTo) } : entry);
      }
      return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    async read(path) {
      const record = await records.getRecord(scope, idOf(path));
      return live(record) ? contentOf(record) : undefined;
    },
    async write(path, edit) {
      await update(path, (current) => {
        const content = edit(live(current) ? contentOf(current) : undefined);
        const metadata: Record<string, JSONValue> = {
          path,
          bytes: Buffer.byteLength(content, 'utf8'),
          owner,
        };
        return { text: `${path}\n${content}`, metadata };
      });
    },
    delete: (path) => records.deleteRecord(scope, idOf(path), new Date()),
    async seal(path, to) {
      let content: string | undefined;
      await update(path, (current) => {
        // Sealed for this very move before (a rename that crashed): its content, written again as it is.
        const resumed = current && mine(current) && current.metadata.movedTo === to;
        if (!resumed && !live(current)) throw new MemoryFileRefusal('gone');
        content = contentOf(current!);
        if (resumed) return { text: current!.text };
        return { text: current.text, metadata: { ...current.metadata, movedTo: to } };
      }).catch((error: unknown) => {
        if (!(error instanceof MemoryFileRefusal)) throw error;
        content = undefined;
      });
      return content;
    },
    exclusive: (fn) => lock.hold(fn),
  };
}
