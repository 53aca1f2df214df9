import type { HasContentItems } from '../../content/content-store-v1.ts';
import { checkInteger, checkKnownKeys, checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import type { HasAppendWithArtifacts } from '../../store/append-with-artifacts.ts';
import { defaultMaxMessageBytes } from '../../store/check-inputs.ts';
import { createLogStore } from '../../store/create-log-store.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createJsonFileContentItems } from './content-files.ts';
import { component, createJsonFileContext } from './json-file-context.ts';
import { jsonFileLogMethods } from './json-file-log.ts';
import { jsonFileSessionMethods } from './json-file-sessions.ts';
import { jsonFileArtifactStateMethods } from './json-file-state.ts';
import { createJsonFileLongTermJournal } from './longterm-journal.ts';

/** Options of {@link createJsonFileStore}. */
export interface JsonFileStoreOptions {
  /** The directory that holds one folder per tenant (created when missing). */
  directory: string;
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
}

/**
 * A durable single-process store in plain files (seed 002's JsonSession). One handle at a time owns the
 * directory: its first operation takes `<directory>/_engram.lock` (pid, process start time, nonce; see
 * `acquireFolderLock`), `close()` releases it, and a lock left by a dead process is taken over; while another
 * handle, in this process or another, holds it, every operation throws `STORE_ERROR` and changes nothing. Per tenant folder
 * `<directory>/<encoded tenant>/`, a session's files sit in its owner's folder: the tenant folder for the tenant
 * itself, `_user/<user>/`, `_agent/<agent>/` or `_user/<user>/_agent/<agent>/` below it. There
 * `<encoded session id>.json` is the session document (seed 002's JsonSession)
 * `{ sessionId, components: { <component>: state, …, "engram.session": record, "engram.state": {…}, "engram.artifacts": [...] }, timestamp }`.
 * Its components are exactly what `SessionManager.forSessionId(id).saveSession()` saved (the state key
 * `session:<id>:engram.components`), one per registered StateModule, and `timestamp` is that save's; the
 * `engram.*` components are the driver's own: `engram.session` (the session record), `engram.state` (the
 * session's other state keys `session:<id>:<name>`, as `{ <name>: value }`) and `engram.artifacts`, the last two
 * only when not empty. Every state key is independent of the others (see `withStateValue`). Only the session's
 * owner can reach its state, so no two owners share a document. The document is rewritten atomically (temp
 * file, fsync, rename) on every change but messages; `<encoded session id>.messages.jsonl` is the log, one
 * fsynced line per appended entry or tombstone (`{"op":"delete",...}`), the first line of a write of several
 * marked `"batch":<lines>` so a write a crash cut short is left out whole (see `writeText` in files.ts; a `replaceMessages`
 * rewrites it atomically); the tenant's `_state.json` holds the state keys that name no session, by owner.
 * `<directory>/_engram.json` marks the layout; an older directory is upgraded on first use (see
 * `upgradeLayout`). Sessions load lazily and stay cached; a torn last log line (a crash mid-write) is ignored.
 * Content items live beside an owner's sessions, in `_content/<encoded space>/` (see `createJsonFileContentItems`).
 * Long-term records are a journal per tenant, `longterm.jsonl` (see `createJsonFileLongTermJournal`): a purge
 * rewrites it at once; a prune of old versions appends a line and takes their bytes off disk at the next rewrite.
 * A `LogDriverV1` with every native path (zero-copy forks materialized on delete, getMessages, clear, a replace
 * that rewrites the log atomically, substring search on the loaded logs) built into a `MemoryStoreV1` by
 * `createLogStore`.
 */
export function createJsonFileStore(
  options: JsonFileStoreOptions,
): MemoryStoreV1 & HasContentItems & HasLongTermRecords & HasAppendWithArtifacts {
  checkOptions(options, 'createJsonFileStore', component);
  checkKnownKeys(options, { directory: true, maxMessageBytes: true }, 'createJsonFileStore', component);
  if (typeof options.directory !== 'string' || options.directory === '')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `createJsonFileStore(options).directory must be a non-empty string, got ${describeValue(options.directory)}`,
    });
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  checkInteger(maxMessageBytes, 'createJsonFileStore(options).maxMessageBytes', component, 1);
  const c = createJsonFileContext(options.directory);
  const inTenantDir = <T>(scope: Parameters<typeof c.op>[0], fn: (dir: string) => Promise<T>) =>
    c.op(scope, (t) => fn(t.files.dir));
  const driver: LogDriverV1 = {
    specificationVersion: 'v1',
    name: component,
    capabilities: { fullTextSearch: false, vectorSearch: false, multiProcess: false, durable: true },
    nativeForks: true,
    nativeConditionalAppend: true,
    nativeConditionalDelete: true,
    maxMessageBytes,
    ...jsonFileSessionMethods(c),
    ...jsonFileLogMethods(c, maxMessageBytes),
    ...jsonFileArtifactStateMethods(c),
    close: () => c.close(),
  };
  return createLogStore(driver, {
    contentItems: createJsonFileContentItems(inTenantDir),
    longTermRecords: createMemoryLongTermRecords({
      component,
      isClosed: c.isClosed,
      journal: createJsonFileLongTermJournal(inTenantDir),
    }),
  });
}
