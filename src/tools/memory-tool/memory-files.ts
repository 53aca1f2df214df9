import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createRecordSlot } from '../../working/record-slot.ts';

/** The long-term record kind of a memory file (an `engram.` kind: never recalled by long-term search unless asked for). */
export const memoryFileKind = 'engram.memory_file';

/** A file of the memory directory, as a listing shows it. */
export interface MemoryFileEntry {
  /** Its canonical path. */
  path: string;
  /** Its size in UTF-8 bytes. */
  bytes: number;
}

/** Why a file operation was refused: a message for the model; nothing was written. */
export class MemoryFileRefusal extends Error {}

/** The files of one owner scope, each a versioned long-term record. */
export interface MemoryFiles {
  /** Every file of the scope, sorted by path. */
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
}

/**
 * Memory files over a store's long-term records: a file is the record `mfile_<sha256 of its path>` of kind
 * `engram.memory_file` owned by exactly `scope`, whose text is the path, a newline and the content (so the
 * long-term full-text index finds files by name and content, and `history(id)` keeps every version), with
 * `{ path, bytes, owner }` in its metadata. `owner` names the exact scope, so a listing by a tenant-wide scope
 * never shows another user's or agent's files.
 */
export function createMemoryFiles(records: LongTermStoreV1, scope: Scope, component: string): MemoryFiles {
  const owner = JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null]);
  const idOf = (path: string) => `mfile_${createHash('sha256').update(path).digest('hex')}`;
  const contentOf = (record: LongTermRecord) => record.text.slice(record.text.indexOf('\n') + 1);
  const mine = (record: LongTermRecord) => record.metadata.owner === owner;
  const slot = (path: string) =>
    createRecordSlot({ records, scope, id: idOf(path), kind: memoryFileKind, component, retries: 8 });

  return {
    async list() {
      const files: MemoryFileEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await records.listRecords(scope, {
          filter: { kinds: [memoryFileKind], metadata: { owner } },
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        });
        for (const r of page.records) {
          if (mine(r)) files.push({ path: String(r.metadata.path), bytes: Number(r.metadata.bytes) });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    async read(path) {
      const record = await records.getRecord(scope, idOf(path));
      return record && mine(record) ? contentOf(record) : undefined;
    },
    async write(path, edit) {
      await slot(path).update((current) => {
        const content = edit(current && mine(current) ? contentOf(current) : undefined);
        const metadata: Record<string, JSONValue> = {
          path,
          bytes: Buffer.byteLength(content, 'utf8'),
          owner,
        };
        return { text: `${path}\n${content}`, metadata };
      });
    },
    delete: (path) => records.deleteRecord(scope, idOf(path), new Date()),
  };
}
