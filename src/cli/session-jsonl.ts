import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isValidId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { jsonValueIssue } from '../messages/json-value.ts';
import { deserializeMessage, serializeMessage } from '../messages/serialize.ts';
import { formatPath, validateMessage } from '../messages/validate.ts';
import { createCopiedSeqs } from '../session/copied-seqs.ts';
import { checkArtifact } from '../store/check-values.ts';
import { logChangeWords, rangeChangeSince } from '../store/log-change.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { BadInputError } from './bad-input-error.ts';
import { requireFinished } from './import-state.ts';
import { engramMetadataKey, messageSizeIssue, writeSessions } from './ingest/write-sessions.ts';
import type { OpenedStore } from './open-store.ts';
import { noProgress, type Progress } from './progress.ts';
import { requireSession } from './scope-hint.ts';

/**
 * A session as JSON lines: a header `{"type":"session","id":…,"metadata":…,"messages":…,"artifacts":…}` (how many
 * message and artifact lines follow, so an import notices a file cut short at a line's end), then one
 * `{"type":"message","message":…}` per live message in order (engram's message JSON: ids, dates, bytes kept),
 * then one `{"type":"artifact","artifact":{"id","kind","fromSeq","toSeq","data","createdAt"}}` per artifact beside the
 * log, by id, `createdAt` the time it was written (an ISO 8601 UTC string, which an import keeps)
 * (a chat's stop marks, summaries, ladder steps, observations, checkpoints), its range given in positions of the
 * file's messages (1 for the first: the sequence numbers they get in a session of their own; a range of deleted
 * messages moves as `sessions.copy` moves it, one of deleted messages only is the empty range after the messages
 * before it, `fromSeq` = `toSeq` + 1). Sequence numbers and the scope are left out, so a session moves
 * between stores and tenants, and export → import → export gives the same bytes.
 */
export async function exportSession(
  store: OpenedStore,
  scope: Scope,
  sessionId: string,
  progress: Progress = noProgress,
): Promise<string> {
  const session = await requireSession(store, scope, sessionId);
  requireFinished(session, 'nothing exported');
  // The header's counts are known once the lines are: it is written in place of this one at the end.
  const lines = [''];
  // The file is the log as it was when the export began: messages stored meanwhile are left out, and a delete from
  // that part or the session created again meanwhile fails the export (its pages would make a log that never was).
  const start = await store.stats(scope, sessionId);
  progress.start('export', start.count);
  // Each live message's position in the file: an artifact's range is written in those.
  const positions = createCopiedSeqs();
  let position = 0;
  try {
    await forEachPage(
      store,
      scope,
      sessionId,
      (page) => {
        for (const e of page) {
          lines.push(`{"type":"message","message":${serializeMessage(e.message)}}`);
          positions.add(e.seq, ++position);
        }
        progress.tick(page.length);
      },
      { toSeq: start.lastSeq },
    );
  } finally {
    progress.stop();
  }
  // By id (unique in a session), not by when each was written: an import writes them within a few milliseconds, and
  // export → import → export must give the same bytes.
  const artifacts = (await store.listArtifacts(scope, sessionId)).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const { id, kind, fromSeq, toSeq, data, createdAt } of artifacts) {
    const range = positions.range(fromSeq, toSeq);
    const artifact = { id, kind, ...range, data, createdAt: createdAt.toISOString() };
    lines.push(JSON.stringify({ type: 'artifact', artifact }));
  }
  lines[0] = JSON.stringify({
    type: 'session',
    id: session.id,
    metadata: session.metadata,
    messages: position,
    artifacts: artifacts.length,
  });
  const changed = await rangeChangeSince(store, scope, sessionId, start);
  if (changed)
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'cli',
      message: `session "${sessionId}" ${logChangeWords(changed)} while it was exported; nothing was written, export it again`,
    });
  return `${lines.join('\n')}\n`;
}

/** Visits a session's live log a page at a time, oldest first (up to `toSeq` when given). */
export async function forEachPage(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  visit: (page: LogEntry[]) => void,
  { pageSize = 500, toSeq }: { pageSize?: number; toSeq?: number } = {},
): Promise<void> {
  for (let fromSeq = 1; ; ) {
    if (toSeq !== undefined && fromSeq > toSeq) return;
    const page = await store.readRange(scope, sessionId, {
      fromSeq,
      limit: pageSize,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    visit(page);
    if (page.length < pageSize) return;
    fromSeq = page.at(-1)!.seq + 1;
  }
}

/**
 * Parses and validates a whole file first, so nothing about it needs the store: the session header (see
 * `parseHeader`) and every message, no message id twice, none too large for a store, or an error naming the line;
 * as many message and artifact lines as the header counts, where it counts them (files exported before it did
 * not), so a file cut short at a line's end is refused, not imported in part.
 * Tool calls and results are taken as a store holds them, unpaired too (an agent killed mid-tool, a step awaiting
 * approval, a long tool the user talked over, a result whose call was deleted, a call id a provider used again):
 * every session `exportSession` writes imports back. Blank lines are skipped (and counted in line numbers).
 */
export function parseSessionJsonl(text: string): {
  id: string;
  metadata: Record<string, JSONValue>;
  messages: MemoryMessage[];
  artifacts: FileArtifact[];
} {
  const lines = text.split('\n');
  const bad = (n: number, why: string) => new BadInputError(`line ${n}: ${why}`);
  let header: SessionHeader | undefined;
  const messages: MemoryMessage[] = [];
  const artifacts: FileArtifact[] = [];
  /** The line of each artifact id read so far. */
  const artifactLine = new Map<string, number>();
  /** The line of each message id read so far. */
  const lineOf = new Map<string, number>();
  lines.forEach((line, i) => {
    const n = i + 1;
    if (line.trim() === '') return; // blank lines are skipped, as the JSONL reader of `ingest` does
    let row: { type?: unknown; id?: unknown; metadata?: unknown; message?: unknown; artifact?: unknown };
    try {
      row = JSON.parse(line) as typeof row;
    } catch (error) {
      throw bad(n, `not JSON (${(error as Error).message})`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw bad(n, 'expected a JSON object');
    if (header === undefined) {
      header = parseHeader(row, n);
      return;
    }
    if (row.type === 'artifact') {
      const artifact = parseArtifact(row.artifact, n);
      const first = artifactLine.get(artifact.id);
      if (first !== undefined) throw bad(n, `artifact id "${artifact.id}" is used twice (line ${first})`);
      artifactLine.set(artifact.id, n);
      artifacts.push(artifact);
      return;
    }
    if (artifacts.length > 0) throw bad(n, 'a message after an artifact: artifacts come after every message');
    if (row.type !== 'message' || typeof row.message !== 'object' || row.message === null)
      throw bad(n, 'expected {"type":"message","message":{…}} or {"type":"artifact","artifact":{…}}');
    let message: MemoryMessage;
    try {
      message = validateMessage(deserializeMessage(JSON.stringify(row.message)));
    } catch (error) {
      throw bad(n, errorReason(error));
    }
    const first = lineOf.get(message.id);
    if (first !== undefined) throw bad(n, `message id "${message.id}" is used twice (line ${first})`);
    lineOf.set(message.id, n);
    const tooLarge = messageSizeIssue(message);
    if (tooLarge) throw bad(n, tooLarge);
    messages.push(message);
  });
  if (!header) throw new BadInputError('line 1: the file is empty');
  const { counts, ...session } = header;
  if (counts)
    for (const [what, said, held] of [
      ['message', counts.messages, messages.length],
      ['artifact', counts.artifacts, artifacts.length],
    ] as const)
      if (said !== held)
        throw new BadInputError(
          `the header (line ${counts.line}) counts ${said} ${what} lines, the file has ${held}: it was cut short or edited; export it again, or fix or remove the header's counts`,
        );
  for (const a of artifacts)
    if (a.toSeq > messages.length)
      throw new BadInputError(
        `line ${artifactLine.get(a.id)}: artifact "${a.id}" names position ${a.toSeq}, the file has ${messages.length} messages`,
      );
  return { ...session, messages, artifacts };
}

/**
 * An artifact of a session file: its range in positions of the file's messages (1 for the first, 0 for none before),
 * and the time it was written when the file gives it (files exported before it was kept do not).
 */
export type FileArtifact = Omit<Artifact, 'createdAt'> & { createdAt?: Date };

/**
 * An artifact line's `artifact` (line `n`): an id and kind a store takes, a range `0 ≤ fromSeq ≤ toSeq + 1`
 * (`toSeq + 1` when it covers no message), JSON data and an optional `createdAt` (an ISO 8601 UTC time as
 * `toISOString` writes it); a bad-input error naming the line and the field otherwise.
 */
function parseArtifact(value: unknown, n: number): FileArtifact {
  const bad = (why: string) => new BadInputError(`line ${n}: ${why}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad('expected {"type":"artifact","artifact":{"id","kind","fromSeq","toSeq","data","createdAt"}}');
  const { id, kind, fromSeq, toSeq, data, createdAt, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw bad(`artifact: "${extra}" is not a field of an artifact`);
  try {
    checkArtifact({ id, kind, fromSeq, toSeq, data: data ?? null } as FileArtifact, 'cli');
  } catch (error) {
    throw bad(errorReason(error));
  }
  // `toSeq + 1`: the empty range of an artifact whose messages were all deleted (see `createCopiedSeqs`).
  if ((fromSeq as number) < 0 || (fromSeq as number) > (toSeq as number) + 1)
    throw bad(
      `artifact "${id}": fromSeq and toSeq must be positions with 0 ≤ fromSeq ≤ toSeq + 1 (toSeq + 1: it covers no message), got ${fromSeq} and ${toSeq}`,
    );
  const artifact = { id, kind, fromSeq, toSeq, data: data ?? null } as FileArtifact;
  if (createdAt === undefined) return artifact;
  // The form `toISOString` writes, and only a real time: "2021-02-30T…" or a bare date is refused, not moved.
  const at = typeof createdAt === 'string' ? new Date(createdAt) : undefined;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString() !== createdAt)
    throw bad(
      `artifact "${id}": createdAt must be a time as export writes it (e.g. "2026-01-01T00:00:00.000Z"), got ${JSON.stringify(createdAt)?.slice(0, 60)}`,
    );
  return { ...artifact, createdAt: at };
}

/** A file's header: the session's id and metadata, and the lines it says follow (older files do not say). */
interface SessionHeader {
  id: string;
  metadata: Record<string, JSONValue>;
  counts?: { messages: number; artifacts: number; line: number };
}

/**
 * The header line (line `n`): a session id a store takes, metadata it keeps as it is (see `jsonValueIssue`)
 * without engram's own keys, and, together or not at all, the counts of message and artifact lines that follow
 * (integers of at least 0); a bad-input error naming the line otherwise.
 */
function parseHeader(
  row: { type?: unknown; id?: unknown; metadata?: unknown; messages?: unknown; artifacts?: unknown },
  n: number,
): SessionHeader {
  const bad = (why: string) => new BadInputError(`line ${n}: ${why}`);
  if (row.type !== 'session' || typeof row.id !== 'string' || row.id === '')
    throw bad('the first line must be {"type":"session","id":"…","metadata":{…}}');
  if (!isValidId(row.id))
    throw bad(`"${row.id}" is not a session id (1–256 characters, no NUL or lone surrogates)`);
  const metadata = row.metadata ?? {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    throw bad('metadata must be an object');
  const issue = jsonValueIssue(metadata);
  if (issue) throw bad(`${formatPath(['metadata', ...issue.path])}: ${issue.problem}`);
  const key = engramMetadataKey(metadata as Record<string, JSONValue>);
  if (key !== undefined) throw bad(`the metadata key "${key}" is engram's own`);
  const session = { id: row.id, metadata: metadata as Record<string, JSONValue> };
  if (row.messages === undefined && row.artifacts === undefined) return session;
  for (const field of ['messages', 'artifacts'] as const)
    if (!Number.isSafeInteger(row[field]) || (row[field] as number) < 0)
      throw bad(
        `${field} must be the number of ${field === 'messages' ? 'message' : 'artifact'} lines that follow (an integer of at least 0, given with the other count), got ${describeValue(row[field])}`,
      );
  return {
    ...session,
    counts: { messages: row.messages as number, artifacts: row.artifacts as number, line: n },
  };
}

/**
 * Imports a parsed session under `id` (default its own): all or nothing — the session must not exist, and a
 * failed write removes it again (see `writeSessions`).
 */
export async function importSession(
  store: MemoryStoreV1,
  scope: Scope,
  parsed: ReturnType<typeof parseSessionJsonl>,
  id = parsed.id,
  progress?: Progress,
): Promise<number> {
  const session = { id, metadata: parsed.metadata, messages: parsed.messages, artifacts: parsed.artifacts };
  const written = await writeSessions(store, scope, [session], {
    existsHint: 'import under another id with --session',
    label: 'import',
    ...(progress && { progress }),
  });
  return written.messages;
}
