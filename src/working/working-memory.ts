import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { z } from 'zod';
import {
  checkChoice,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
  checkOptions,
} from '../core/check-options.ts';
import { type Clock, checkClock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId, maxIdLength } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { checkRecordText } from '../longterm/check-record.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { sessionBound } from '../longterm/session-bound-records.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { escapeMarkup } from '../messages/quoted-text.ts';
import { droppedKeys, renameProto } from './dropped-keys.ts';
import { mergeMarkdown } from './markdown-sections.ts';
import { mergeJson } from './merge-json.ts';
import { checkTextLimit, createRecordSlot, recordsOf } from './record-slot.ts';

/** Options of {@link createWorkingMemory}. */
export interface WorkingMemoryOptions {
  /** Where it lives (any store with `longTermRecords`). @default in process */
  store?: HasLongTermRecords;
  /** Whose memory. */
  scope: Scope;
  /**
   * Per conversation (`sessionId` required) or per resource: the scope's user, across all its sessions. A
   * session's memory is bound to the session: deleting the session (`deleteSession`, on a store with sessions)
   * deletes it, so a new session of the same id starts from the template. @default 'resource'
   */
  per?: 'session' | 'resource';
  /** The session, for `per: 'session'` (with another `per`, `INVALID_ARGUMENT`). */
  sessionId?: string;
  /**
   * Markdown mode: the initial document (its headings are the sections updates replace); well-formed text without
   * NUL, else `INVALID_ARGUMENT`.
   */
  template?: string;
  /**
   * Schema mode: a zod object schema (`INVALID_ARGUMENT` without `safeParse`); updates are merged into the stored
   * object and the result validated; a field the schema does not have (one its parse drops, as `z.object` does by
   * default) is `INVALID_ARGUMENT` naming it (`.loose()` / `.passthrough()` schemas keep them); a `__proto__` key of parsed JSON is checked as any other key in its place would be. Both modes keep a scope's memory under one record: reading or updating one
   * written in Markdown mode (not a JSON object) is `INVALID_ARGUMENT`, and it is left as it was.
   */
  schema?: z.ZodType<Record<string, unknown>>;
  /** The longest the memory may grow, in characters (Markdown, or the JSON text): 1 to 65,536. @default 4,000 */
  maxChars?: number;
  /** Concurrent-update retries before `CONFLICT`. @default 5 */
  retries?: number;
  /** The clock for versions. @default the system clock */
  clock?: Clock;
}

/** The memory as it is now. */
export interface WorkingMemoryState {
  /** The Markdown document, or the JSON text of the object. */
  text: string;
  /** Schema mode: the object. */
  data?: Record<string, JSONValue>;
  /** Its version (0 before the first update). */
  version: number;
}

/** Mastra-style working memory: a small document always in the context that the agent updates itself. */
export interface WorkingMemory {
  /** `markdown` or `schema`. */
  readonly mode: 'markdown' | 'schema';
  /** The memory now (the template, or `{}`, before the first update). */
  get(): Promise<WorkingMemoryState>;
  /**
   * Updates it: Markdown replaces the sections whose headings the update names (an update without headings
   * replaces the whole document, an empty one clears it); schema mode merges the partial object (keys it does not name are kept, `null`
   * removes one) and validates the result. Refused with `INVALID_ARGUMENT` (nothing written) when the result is
   * invalid or over `maxChars`; two writers never lose an update (each retries on the other's version).
   */
  update(update: string | Record<string, JSONValue | undefined>): Promise<WorkingMemoryState>;
  /** Every version, oldest first. */
  history(): Promise<WorkingMemoryState[]>;
  /** The memory as a block for the context: `<working_memory>…</working_memory>`. */
  render(): Promise<string>;
}

const component = 'working-memory';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
/**
 * The refusal of an update whose merge the schema does not take, with its first issues; `protoName` is the name a
 * `__proto__` key had in the parsed copy (see `renameProto`), shown as `__proto__`.
 */
const doesNotFit = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  protoName?: string,
) => {
  const shown = (text: string) => (protoName === undefined ? text : text.replaceAll(protoName, '__proto__'));
  return bad(
    `the update does not fit the schema: ${issues
      .slice(0, 5)
      .map((i) => `${shown(i.path.map(String).join('.')) || '(root)'}: ${shown(i.message)}`)
      .join('; ')}`,
  );
};
const knownOptions: Record<keyof WorkingMemoryOptions, true> = {
  store: true,
  scope: true,
  per: true,
  sessionId: true,
  template: true,
  schema: true,
  maxChars: true,
  retries: true,
  clock: true,
};

/**
 * The object a schema-mode memory holds as `text`. Both modes keep a scope's memory under one record, so a version
 * written in Markdown mode is refused with `INVALID_ARGUMENT` (it threw a raw `SyntaxError`, and Markdown that
 * parsed as JSON but not as an object was reported as `data` and overwritten by the next update).
 */
function objectOf(text: string, version: number): Record<string, JSONValue> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw bad(
      `schema mode: version ${version} of this working memory holds text that is not a JSON object (${describeValue(text, 40)}), as Markdown mode writes it; open it in Markdown mode (no schema), or keep the schema-mode memory in another scope or session`,
    );
  return data as Record<string, JSONValue>;
}

function stateOf(
  record: LongTermRecord | undefined,
  schemaMode: boolean,
  initial: string,
): WorkingMemoryState {
  const text = record?.text ?? initial;
  const version = record?.version ?? 0;
  return schemaMode ? { text, data: objectOf(text, version), version } : { text, version };
}

/**
 * The record id of a session's working memory: `engram.working:session:<id>`, or, for a session id too long for
 * that to be an id (a store takes session ids of up to 256 characters), one with the id's SHA-256 instead.
 */
function sessionRecordId(sessionId: string): string {
  const id = `engram.working:session:${sessionId}`;
  return id.length <= maxIdLength
    ? id
    : `engram.working:session-sha256:${createHash('sha256').update(sessionId).digest('hex')}`;
}

/**
 * Working memory (Mastra's): Markdown from a template, or an object validated by a zod schema, per session or per
 * resource (the scope's user across sessions), kept as a versioned record in the store (`history()` shows every
 * version) and updated with optimistic concurrency. Schema updates merge, so a partial update never erases the
 * fields it leaves out. `createWorkingMemoryTool` gives the agent its `update_working_memory` tool.
 * @example
 * const wm = createWorkingMemory({ store, scope: { tenant: 'acme', user: 'ada' }, template: '# User\n- Name:\n# Preferences\n' });
 * await wm.update('# Preferences\n- Window seats');
 */
export function createWorkingMemory(options: WorkingMemoryOptions): WorkingMemory {
  checkOptions(options, 'createWorkingMemory', 'working');
  // A misspelt `schem` would give Markdown mode, a misspelt `sessionId` a per-resource memory: refused.
  checkKnownKeys(options, knownOptions, 'createWorkingMemory', component);
  if (options.template !== undefined && typeof options.template !== 'string')
    throw bad(
      `createWorkingMemory(options).template must be a string, got ${describeValue(options.template)}`,
    );
  // The template is the text the first update edits: one the store cannot hold made every update fail.
  if (options.template !== undefined)
    checkRecordText(options.template, 'createWorkingMemory(options).template', component, true);
  checkOptionalInteger(options.retries, 'createWorkingMemory(options).retries', component, 0);
  // A schema that is not one (null, a plain object) would fail at the first update with a raw TypeError.
  if (options.schema !== undefined)
    checkMethods(options.schema, 'createWorkingMemory(options).schema', component, ['safeParse']);
  const clock = checkClock(options.clock, 'createWorkingMemory(options)', component);
  const scope = checkScope(options.scope, component);
  const per = checkChoice(
    options.per,
    ['session', 'resource'],
    'createWorkingMemory(options).per',
    component,
    'resource',
  );
  if (per === 'session') {
    if (options.sessionId === undefined) throw bad("per: 'session' needs a sessionId");
    checkId(options.sessionId, 'createWorkingMemory(options).sessionId', component);
  } else if (options.sessionId !== undefined)
    // Ignored, it would give the user's memory across sessions to a caller who meant one session's.
    throw bad(
      "createWorkingMemory(options).sessionId is for per: 'session'; give per: 'session' with it, or leave it out for the memory of the scope's user across sessions",
    );
  if (options.template !== undefined && options.schema !== undefined)
    throw bad('give a template (Markdown mode) or a schema (schema mode), not both');
  const maxChars =
    options.maxChars === undefined
      ? 4000
      : checkTextLimit(options.maxChars, 'createWorkingMemory(options).maxChars', component);
  const schema = options.schema;
  const schemaMode = schema !== undefined;
  const initial = schemaMode ? '{}' : (options.template ?? '').trim();
  if (initial.length > maxChars)
    throw bad(`the template has ${initial.length} characters; maxChars is ${maxChars}`);
  const slot = createRecordSlot({
    records: recordsOf(options.store, component),
    scope,
    id: per === 'session' ? sessionRecordId(options.sessionId as string) : 'engram.working:resource',
    kind: 'engram.working',
    component,
    // A session's memory is bound to it: deleting the session deletes it (a new session of its id starts afresh).
    ...(per === 'session' ? { metadata: sessionBound(options.sessionId as string) } : {}),
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(clock ? { now: () => clock.now() } : {}),
  });

  const merged = (
    current: string,
    version: number,
    update: string | Record<string, JSONValue | undefined>,
  ): string => {
    if (schemaMode) {
      if (typeof update !== 'object' || update === null || Array.isArray(update))
        throw bad('schema mode: the update must be an object of the fields to change (null removes one)');
      // What JSON would change (NaN, a Date) or cannot hold (a function) is refused, naming the field.
      checkJsonValue(update, 'update', component);
      const next = mergeJson(objectOf(current, version), update);
      // A `__proto__` key (parsed JSON's) is neither checked nor kept by zod, even by a record or a loose object
      // (it skips the key): the schema is asked about a copy with the key under a fresh name, as about any other
      // key in its place, and the merge itself must pass too.
      const proto = renameProto(next, update);
      const result = schema.safeParse(proto?.merged ?? next);
      if (!result.success) throw doesNotFit(result.error.issues, proto?.name);
      if (proto !== undefined) {
        const itself = schema.safeParse(next);
        if (!itself.success) throw doesNotFit(itself.error.issues);
      }
      // A field the schema does not have (its parse drops it) is refused by name, neither kept nor lost silently.
      const unknown = proto
        ? droppedKeys(proto.merged, result.data, proto.update, proto.name)
        : droppedKeys(next, result.data, update);
      if (unknown.length > 0)
        throw bad(`the update does not fit the schema: it has no field ${unknown.slice(0, 5).join(', ')}`);
      return JSON.stringify(next);
    }
    if (typeof update !== 'string') throw bad('Markdown mode: the update must be a string');
    // Refused under its own name: the merged text would be refused too, but as the store's `record.text`.
    checkRecordText(update, 'the update', component, true);
    return mergeMarkdown(current, update);
  };

  return {
    mode: schemaMode ? 'schema' : 'markdown',
    async get() {
      return stateOf(await slot.read(), schemaMode, initial);
    },
    async update(update) {
      const record = await slot.update((current) => {
        const text = merged(current?.text ?? initial, current?.version ?? 0, update);
        if (text.length > maxChars)
          throw bad(
            `working memory would be ${text.length} characters; the limit is ${maxChars}: shorten or remove something and update again`,
          );
        return { text };
      });
      return stateOf(record, schemaMode, initial);
    },
    async history() {
      return (await slot.history()).map((r) => stateOf(r, schemaMode, initial));
    },
    async render() {
      const { text, data } = stateOf(await slot.read(), schemaMode, initial);
      return [
        '<working_memory>',
        'Your working memory: keep it current with update_working_memory.',
        escapeMarkup(data ? JSON.stringify(data, null, 2) : text),
        '</working_memory>',
      ].join('\n');
    },
  };
}
