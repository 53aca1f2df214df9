import { AsyncLocalStorage } from 'node:async_hooks';
import type { JSONValue } from 'ai';
import { checkKnownKeys, checkMethods, checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { randomHex } from '../../core/ids.ts';
import { hasOpenRide, isKeepingRide } from '../../core/ride-on-append.ts';
import type { Scope } from '../../core/scope.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { sessionKey } from '../../memory/session-key.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import { appendWithArtifacts } from '../../store/append-with-artifacts.ts';
import type { Artifact, MemoryStoreV1 } from '../../store/memory-store.ts';
import {
  assemblyTextKind,
  isExpiredText,
  isSessionWideText,
  namesSessionWideText,
  resolveSentText,
  sharedTexts,
  shareSentTexts,
} from './assembly-texts.ts';
import {
  type AssemblyItem,
  type ContextAssembly,
  type ContextSource,
  contextSources,
  type DroppedItems,
  tokensBySource,
} from './context-assembly.ts';

/** The artifact kind assembly records are stored under, beside the session's log. */
export const assemblyArtifactKind = 'engram.assembly';

/** The provider's count of a step's input tokens, and what engram's items do not account for. */
export interface ProviderTokens {
  /** `usage.inputTokens` the provider reported for the call. */
  inputTokens: number;
  /** `inputTokens` less the items' tokens: request framing, and anything the counter counts differently (may be negative). */
  unattributed: number;
}

/** One assembled context as stored: the assembly, when and where it was made, and the provider's count. */
export interface AssemblyRecord extends ContextAssembly {
  /** The artifact id (ordered by the log position, then time). */
  id: string;
  /** The session. */
  sessionId: string;
  /** When it was recorded. */
  at: Date;
  /** The log's last sequence number when the context was assembled. */
  lastSeq: number;
  /** Tokens by source (the items' tokens summed). */
  bySource: Partial<Record<ContextSource, number>>;
  /** The agent whose step it was. */
  agent?: string;
  /** The agent run (one `run()` call). */
  run?: string;
  /** The step within the run, from 0. */
  step?: number;
  /** The view's own count of what it returned (the agent loop may leave some of it out, e.g. system messages). */
  viewTokens?: number;
  /** The provider's reported input tokens, when the agent loop had them. */
  provider?: ProviderTokens;
}

/** What a recorder adds to an assembly. */
export interface AssemblyRecordExtras {
  agent?: string;
  run?: string;
  step?: number;
  viewTokens?: number;
  provider?: { inputTokens: number };
}

/** Options of {@link createAssemblyRecorder}. */
export interface AssemblyRecorderOptions {
  /** The session the records belong to (stored as artifacts beside its log). */
  memory: ConversationMemory;
  /**
   * How many records a session keeps: older ones are deleted as new ones come, in batches (the store may hold up
   * to a tenth more, at least 10, between trims), and with them the long texts (tool definitions, instructions,
   * summaries sent) that no kept record can name. @default 200
   */
  keep?: number;
}

/** Every option of {@link createAssemblyRecorder}: any other key is refused (a misspelling). */
const knownOptions: Record<keyof AssemblyRecorderOptions, true> = { memory: true, keep: true };

/** Stores assembly records of one session, keeping the newest `keep`. */
export interface AssemblyRecorder {
  /**
   * Stores one assembly with its extras and returns the record: with its new shared texts and retention's deletions
   * in one commit (on a store with `HasAppendWithArtifacts`, every built-in store), or, inside an agent step, riding
   * on the step's append.
   */
  record(assembly: ContextAssembly, extras?: AssemblyRecordExtras): Promise<AssemblyRecord>;
  /**
   * Stores one assembly with the messages `store` stores into the session (e.g. `view.store(stepMessages)`): on
   * a store with `HasAppendWithArtifacts` (every built-in store) the record commits in the transaction of the
   * session's first append `store` makes, so a crash leaves both or neither, and so does retention's deletion of
   * the oldest records when this record passes `keep` (one commit a step, however many are trimmed); otherwise, or
   * when `store` appended nothing, they are written right after. When `store` throws, no record is written. The record's `lastSeq` is the
   * log's before `store`. Returns what `store` returned, and the record.
   */
  recordWithAppend<T>(
    assembly: ContextAssembly,
    extras: AssemblyRecordExtras,
    store: () => Promise<T>,
  ): Promise<{ stored: T; record: AssemblyRecord }>;
}

const component = 'assembly';

/**
 * A recorder of assembled contexts for a session: each `record()` stores one {@link AssemblyRecord} as an
 * `engram.assembly` artifact beside the log, so it lives and dies with the session on every store; past `keep`
 * records the oldest are deleted (retention). Recording is off unless you call it (the agent loop does, with
 * `recordAssembly`).
 * @example
 * const recorder = createAssemblyRecorder({ memory, keep: 100 });
 * const messages = await view.read();
 * await recorder.record(view.lastAssembly()!);
 */
export function createAssemblyRecorder(options: AssemblyRecorderOptions): AssemblyRecorder {
  checkOptions(options, 'createAssemblyRecorder', 'views');
  checkKnownKeys(options, knownOptions, 'createAssemblyRecorder', component);
  const { memory } = options;
  checkMethods(memory, 'createAssemblyRecorder(options): memory', component, [
    'stats',
    'putArtifact',
    'listArtifacts',
    'deleteArtifact',
  ]);
  const keep = options.keep ?? 200;
  if (!Number.isSafeInteger(keep) || keep < 1)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `createAssemblyRecorder: keep must be an integer >= 1, got ${describeValue(keep)}`,
    });
  /** Records the store holds as far as this recorder knows (listed on the first record, then counted). */
  let known: number | undefined;
  /** Retention trims in batches: the store may hold up to `slack` records more than `keep` between trims. */
  const slack = Math.max(10, Math.floor(keep / 10));
  /** The record of an assembly made now, at the log's current end, and the artifact that stores it. */
  const build = async (assembly: ContextAssembly, extras: AssemblyRecordExtras) => {
    const { lastSeq } = await memory.stats();
    const at = new Date();
    const id = recordId(lastSeq, at);
    const record: AssemblyRecord = {
      ...assembly,
      id,
      sessionId: memory.sessionId,
      at,
      lastSeq,
      bySource: tokensBySource(assembly.items),
      ...(extras.agent === undefined ? {} : { agent: extras.agent }),
      ...(extras.run === undefined ? {} : { run: extras.run }),
      ...(extras.step === undefined ? {} : { step: extras.step }),
      ...(extras.viewTokens === undefined ? {} : { viewTokens: extras.viewTokens }),
      ...(extras.provider === undefined
        ? {}
        : {
            provider: {
              inputTokens: extras.provider.inputTokens,
              unattributed: extras.provider.inputTokens - assembly.tokens,
            },
          }),
    };
    // Long texts sent at every step (tool definitions, instructions) are stored once and named by digest, before
    // the record is copied as JSON (so they are not copied at every step).
    const shared = shareSentTexts(record.items, lastSeq, texts);
    const { id: _id, sessionId: _s, at: _at, lastSeq: _l, ...rest } = { ...record, items: shared.items };
    const data = JSON.parse(JSON.stringify(rest)) as Record<string, JSONValue>;
    const artifact = { id, kind: assemblyArtifactKind, fromSeq: lastSeq, toSeq: lastSeq, data };
    return { record, artifacts: [...shared.artifacts, artifact] };
  };
  /** Shared texts this recorder wrote (a text is written again by a new recorder: a put of the same artifact). */
  const texts = new Set<string>();
  const wrote = (artifacts: readonly { id: string; kind: string }[]) => {
    for (const a of artifacts) if (a.kind === assemblyTextKind) texts.add(a.id);
  };
  /**
   * Retention, decided before a record is written: when the store may hold more than `keep + slack` records with
   * it, the ids of the oldest to delete so that it holds the newest `keep` (this record among them), with the
   * shared texts no kept record can name ({@link isExpiredText}), and how many records it then holds. The listings
   * read only ids and positions (`data: false`): a session's records are about 20 KB each, and reading 200 of them
   * whole cost ~25–30 ms (and a stall) on the first step of every process that resumed a long session.
   */
  const trim = async (): Promise<{ deleted: string[]; held: number }> => {
    const next = known === undefined ? Number.POSITIVE_INFINITY : known + 1;
    if (next <= keep + slack) return { deleted: [], held: next };
    const all = sortRecords(await memory.listArtifacts(assemblyArtifactKind, undefined, { data: false }));
    const excess = Math.max(0, all.length + 1 - keep);
    const deleted = all.slice(0, excess).map((a) => a.id);
    // The oldest record kept names this position or a later one (the new record, when every stored one goes, names
    // the log's end: at or after the newest stored one's).
    const oldestKept = (all[excess] ?? all.at(-1))?.toSeq;
    if (excess > 0 && oldestKept !== undefined) {
      const listed = await memory.listArtifacts(assemblyTextKind, undefined, { data: false });
      const ungenerationed =
        listed.some(isSessionWideText) && (await noneNamesOldTexts(all.slice(excess).map((r) => r.id)));
      // Deleted with this trim: no later trim of the session looks for the records that name them.
      if (ungenerationed) oldTextNamers.delete(sessionKey(memory));
      for (const text of listed)
        if (isExpiredText(text, oldestKept) || (ungenerationed && isSessionWideText(text))) {
          deleted.push(text.id);
          texts.delete(text.id);
        }
    }
    return { deleted, held: all.length + 1 - excess };
  };
  /** Whether none of the records `kept` (ids) names a text stored before generations. */
  const noneNamesOldTexts = async (kept: readonly string[]): Promise<boolean> => {
    const key = sessionKey(memory);
    let namers = oldTextNamers.get(key);
    if (namers === undefined) {
      const records = await memory.listArtifacts(assemblyArtifactKind);
      namers = new Set(records.filter((r) => namesSessionWideText(r.data)).map((r) => r.id));
      if (oldTextNamers.size >= mostOldTextSessions) oldTextNamers.delete(oldTextNamers.keys().next().value!);
      oldTextNamers.set(key, namers);
    }
    const known = namers;
    return !kept.some((id) => known.has(id));
  };
  return {
    async record(assembly, extras = {}) {
      // Trimmed before the record is built: nothing awaited between reading the log's end and writing.
      const { deleted, held } = await trim();
      const { record, artifacts } = await build(assembly, extras);
      if (hasOpenRide() && !isKeepingRide() && deleted.length === 0) {
        // In an agent step (a recording view read by `agent()`): the record rides on the step's append (not in a
        // run's closing read, whose leftover writes may wait for a later run: a record is not made again).
        for (const artifact of artifacts) await memory.putArtifact(artifact);
      } else {
        // The record, its new texts and retention's deletions in one transaction (one commit, not one each) on a
        // store with `HasAppendWithArtifacts` (every built-in store), appending no message: outside a step, and in
        // a step whose record trims (once every `slack` records; deletions do not ride).
        await appendWithArtifacts(memory.storage, memory.scope, memory.sessionId, [], artifacts, deleted);
      }
      wrote(artifacts);
      known = held;
      return record;
    },
    async recordWithAppend(assembly, extras, store) {
      // The oldest records are deleted in the step's transaction, with the new one written (one commit, not one
      // per deleted record).
      const { deleted, held } = await trim();
      // The log's end is read and the step appended in one turn of this session's records: a run beside this one
      // on the same session in this process (another agent, the same one run twice at once, or another memory of
      // the session) appends after, so the record's `lastSeq` is the position right before its step's messages.
      return inTurn(memory, async () => {
        const { record, artifacts } = await build(assembly, extras);
        const { value: stored } = await withArtifactsOnAppend(memory, artifacts, store, deleted);
        wrote(artifacts);
        known = held;
        return { stored, record };
      });
    },
  };
}

/**
 * Per session of a store ({@link sessionKey}) recorded by an earlier version, the stored records that name a text
 * stored before generations (`asmtxt_<hex>`), by id: read once in this process (the records whole) by the first
 * trim that finds such texts, whatever recorder makes it (a chat handler makes one per turn); records made since
 * name only generations' texts.
 */
const oldTextNamers = new Map<string, ReadonlySet<string>>();
/**
 * Sessions {@link oldTextNamers} keeps at most (the oldest read forgotten first: its next trim that finds such texts
 * reads its records again); a session's entry goes once its old texts are deleted.
 */
const mostOldTextSessions = 256;

/** How many sessions' readings of records naming old texts are kept now (for tests: bounded, see {@link oldTextNamers}). */
export function oldTextSessionsHeld(): number {
  return oldTextNamers.size;
}

/** Per session of a store ({@link sessionKey}), the last of the recorded appends queued on it (see {@link inTurn}). */
const turns = new Map<string, Promise<void>>();

/** The sessions whose turn the current async context holds (a `store` callback running inside its turn). */
const holding = new AsyncLocalStorage<ReadonlySet<string>>();

/**
 * Runs `work` once the recorded appends queued before it on `memory`'s session (by any recorder of this process, on
 * this or another `ConversationMemory` of the same store and session) are done, and before those queued after it; a
 * call made inside a turn on the same session (a `store` callback that records again) runs at once, in that turn. A
 * `work` that throws ends its turn like one that returns. Another process's appends are not held back: a record made
 * beside one may name a `lastSeq` that the other process's messages follow.
 */
async function inTurn<T>(memory: ConversationMemory, work: () => Promise<T>): Promise<T> {
  const key = sessionKey(memory);
  const held = holding.getStore();
  if (held?.has(key)) return work();
  const before = turns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const queued = before.then(() => mine);
  turns.set(key, queued);
  await before;
  try {
    return await holding.run(new Set([...(held ?? []), key]), work);
  } finally {
    done();
    // Removed once the last turn queued on the session ends: the map holds only sessions with appends in flight.
    if (turns.get(key) === queued) turns.delete(key);
  }
}

/** Records this process made, for ids that keep their order within one millisecond. */
let made = 0;

/**
 * An id that sorts as the records were made: the log position, the time (ms), a per-process counter, then random
 * bytes (two processes recording in the same millisecond at the same position sort in some order, not by time).
 */
function recordId(lastSeq: number, at: Date): string {
  made = (made + 1) % 36 ** 6;
  const time = at.getTime().toString(36).padStart(9, '0');
  return `asm_${String(lastSeq).padStart(12, '0')}_${time}_${made.toString(36).padStart(6, '0')}_${randomHex(3)}`;
}

/** Artifacts oldest first: by log position, then by id (which starts with it and continues with the time). */
function sortRecords(artifacts: Artifact[]): Artifact[] {
  return artifacts.sort((a, b) => a.toSeq - b.toSeq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The assembly records of a session, oldest first (malformed artifacts are skipped). Reads only what `scope`
 * owns: another owner's session of the same id is, as everywhere, not found (`SESSION_NOT_FOUND`).
 */
export async function readAssemblyRecords(
  store: Pick<MemoryStoreV1, 'listArtifacts'>,
  scope: Scope,
  sessionId: string,
): Promise<AssemblyRecord[]> {
  checkMethods(store, 'readAssemblyRecords(store)', component, ['listArtifacts']);
  const [artifacts, textArtifacts] = await Promise.all([
    store.listArtifacts(scope, sessionId, assemblyArtifactKind),
    store.listArtifacts(scope, sessionId, assemblyTextKind),
  ]);
  const texts = sharedTexts(textArtifacts);
  const out: AssemblyRecord[] = [];
  for (const a of sortRecords(artifacts)) {
    const record = parseRecord(a, sessionId, texts);
    if (record) out.push(record);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function parseRecord(
  artifact: Artifact,
  sessionId: string,
  texts: ReadonlyMap<string, string>,
): AssemblyRecord | undefined {
  const d = artifact.data;
  if (!isObject(d) || typeof d.view !== 'string' || !isCount(d.tokens) || !Array.isArray(d.items))
    return undefined;
  if (!Array.isArray(d.dropped) || !isObject(d.counter)) return undefined;
  const items = d.items
    .filter(
      (i): i is AssemblyItem & Record<string, JSONValue> =>
        isObject(i) && contextSources.includes(i.source as ContextSource) && isCount(i.tokens),
    )
    .map((i) => resolveSentText(i, texts)) as AssemblyItem[];
  const dropped = d.dropped.filter(
    (x) => isObject(x) && typeof x.rule === 'string',
  ) as unknown as DroppedItems[];
  return {
    ...(d as unknown as ContextAssembly),
    items,
    dropped,
    id: artifact.id,
    sessionId,
    at: artifact.createdAt,
    lastSeq: artifact.toSeq,
    bySource: tokensBySource(items),
  } as AssemblyRecord;
}
