import { systemClock } from '../../core/clock.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import { checkPackInput } from '../check-recall.ts';
import { checkMetadata, checkRecordText } from '../check-record.ts';
import { checkQuery, recordedMessages } from '../long-term-input.ts';
import type { LongTermMemory, LongTermSearchOptions, LongTermSearchResult } from '../long-term-memory.ts';
import type { LongTermRecord, LongTermRecordChange, NewLongTermRecord } from '../long-term-record.ts';
import { packRecall } from '../pack-recall.ts';
import { spokenText } from '../turn-records.ts';
import { addAll } from './mem0-add-rollback.ts';
import { createMem0Http } from './mem0-http.ts';
import { checkMem0Options, checkMem0SearchOptions, type Mem0LongTermMemoryOptions } from './mem0-options.ts';
import { checkMem0Memory, type Mem0EntityIds, mem0Record, mem0Versions, resultsOf } from './mem0-records.ts';

const component = 'mem0';
/** The longest query a search sends, in characters. */
export const maxMem0QueryLength = 10_000;
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** Whether an id is `.` or `..`: in a URL path the fetch resolves it away (no encoding keeps it), so no memory has it. */
const dotSegment = (id: string) => id === '.' || id === '..';

/**
 * Seed 002's `Mem0LongTermMemory`: a `LongTermMemory` backed by Mem0's REST API (the hosted platform, or the
 * open-source server with `api: 'oss'`). `record` sends the user and assistant text of a turn as one add call
 * (Mem0 extracts facts unless `infer: false`); `retrieve` searches and packs the hits into its token budget (`packRecall`);
 * `add` stores each record as given (`infer: false`), one request each, and deletes those it added when a later one
 * fails (the rejection names any it could not delete). Every call is bound to `ids`: searches are filtered by
 * them, and a memory of other ids read by id counts as missing. Mem0 keeps only text and metadata, so records
 * are `fact`s without context, episode, event times or provenance. Errors are `MemoryError`s of component
 * `mem0` (see `createMem0Http`). Throws `INVALID_ARGUMENT` for bad options.
 */
export function createMem0LongTermMemory(options: Mem0LongTermMemoryOptions): LongTermMemory {
  const o = checkMem0Options(options);
  const oss = o.api === 'oss';
  const headers: Record<string, string> = {};
  if (o.apiKey !== undefined)
    headers[oss ? 'x-api-key' : 'authorization'] = oss ? o.apiKey : `Token ${o.apiKey}`;
  const request = createMem0Http({ ...o, headers });
  const entities = {
    ...(o.ids.userId === undefined ? {} : { user_id: o.ids.userId }),
    ...(o.ids.agentId === undefined ? {} : { agent_id: o.ids.agentId }),
    ...(o.ids.runId === undefined ? {} : { run_id: o.ids.runId }),
  };
  const path = (id?: string, history = false) => {
    const base = oss ? '/memories' : '/v1/memories';
    if (id === undefined) return oss ? base : `${base}/`;
    const one = `${base}/${encodeURIComponent(id)}`;
    return history ? `${one}/history${oss ? '' : '/'}` : oss ? one : `${one}/`;
  };
  const owned = (m: Mem0EntityIds) =>
    (o.ids.userId === undefined || m.user_id === o.ids.userId) &&
    (o.ids.agentId === undefined || m.agent_id === o.ids.agentId) &&
    (o.ids.runId === undefined || (m.run_id ?? m.session_id) === o.ids.runId);

  /** Whether a history entry is ours by the ids it names: `unknown` when it leaves one of ours unnamed. */
  const historyOwner = (e: Mem0EntityIds): 'ours' | 'theirs' | 'unknown' => {
    const named = [
      [o.ids.userId, e.user_id],
      [o.ids.agentId, e.agent_id],
      [o.ids.runId, e.run_id ?? e.session_id],
    ].filter(([ours]) => ours !== undefined);
    if (named.some(([ours, theirs]) => theirs != null && theirs !== ours)) return 'theirs';
    return named.every(([, theirs]) => theirs != null) ? 'ours' : 'unknown';
  };

  const addMessages = (messages: { role: string; content: string }[], infer: boolean, metadata?: object) =>
    request('POST', path(), {
      messages,
      ...entities,
      ...(metadata === undefined ? {} : { metadata }),
      infer,
      ...(oss ? {} : { async_mode: false }),
    });

  const search = async (query: string, so: LongTermSearchOptions = {}): Promise<LongTermSearchResult[]> => {
    checkMem0SearchOptions(so, 'search');
    if (typeof query !== 'string' || query.trim() === '') throw bad('query must be a non-empty string');
    if (query.length > maxMem0QueryLength)
      throw bad(`query has ${query.length} characters; the most is ${maxMem0QueryLength}`);
    const limit = so.limit ?? o.limit;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw bad(`limit must be an integer from 1 to 100, got ${describeValue(limit)}`);
    const used = Object.entries(so.filter ?? {}).filter(([, v]) => v !== undefined);
    if (used.length > 0) throw bad(`filter.${used[0]![0]} is not supported by the Mem0 client`);
    const filters = oss ? entities : { AND: Object.entries(entities).map(([k, v]) => ({ [k]: v })) };
    const body = await request(
      'POST',
      oss ? '/search' : '/v2/memories/search/',
      { query, filters, top_k: limit },
      so.abortSignal ? { signal: so.abortSignal } : {},
    );
    return resultsOf(body, 'search')
      .map((m, i) => checkMem0Memory(m, `search result ${i}`))
      .filter(owned)
      .slice(0, limit)
      .map((m) => ({ record: mem0Record(m), score: typeof m.score === 'number' ? m.score : 0 }));
  };

  const get = async (id: string): Promise<LongTermRecord | undefined> => {
    checkId(id, 'id', component);
    if (dotSegment(id)) return undefined;
    const body = await request('GET', path(id), undefined, { notFound: 'undefined' });
    if (body === undefined || body === null) return undefined; // the OSS server answers null for an unknown id
    const memory = checkMem0Memory(body, 'the memory');
    return owned(memory) ? mem0Record(memory) : undefined;
  };

  /** A record to add as Mem0 keeps it (text and metadata), checked; throws `INVALID_ARGUMENT` naming the field. */
  const checkAdded = (input: string | NewLongTermRecord, what: string) => {
    const r: NewLongTermRecord = typeof input === 'string' ? { text: input } : input;
    if (!isObject(r)) throw bad(`${what} must be a string or a record`);
    for (const [key, value] of Object.entries(r))
      if (value !== undefined && !['text', 'kind', 'metadata'].includes(key))
        throw bad(`${what}.${key} is not supported by Mem0 (it keeps text and metadata only)`);
    if (r.kind !== undefined && r.kind !== 'fact') throw bad(`${what}.kind must be 'fact' for Mem0`);
    const text = checkRecordText(r.text, `${what}.text`, component);
    const metadata = r.metadata && checkMetadata(r.metadata, `${what}.metadata`, component);
    return { text, metadata };
  };

  const addOne = async ({ text, metadata }: ReturnType<typeof checkAdded>): Promise<LongTermRecord> => {
    const body = await addMessages([{ role: 'user', content: text }], false, metadata);
    const added = resultsOf(body, 'add').find(
      (e) => isObject(e) && e.event === 'ADD' && typeof e.id === 'string',
    );
    if (!isObject(added))
      throw new MemoryError({
        code: 'STORE_ERROR',
        component,
        message: 'Mem0 did not report the added memory (was the add queued asynchronously?)',
      });
    const data = added.data as { memory?: unknown } | undefined;
    const memory = typeof added.memory === 'string' ? added.memory : data?.memory;
    const now = new Date().toISOString();
    return mem0Record({
      id: added.id as string,
      memory: typeof memory === 'string' ? memory : text,
      ...(metadata ? { metadata } : {}),
      created_at: now,
      updated_at: now,
    });
  };

  return {
    async record(input) {
      const out = recordedMessages(input, systemClock, component)
        .filter((m) => (o.roles as readonly string[]).includes(m.role))
        .map((m) => {
          const text = spokenText(m);
          if (m.role !== 'tool') return { role: m.role, content: text };
          const parts: readonly { type: string; toolName?: string }[] = Array.isArray(m.content)
            ? m.content
            : [];
          const tool = parts.find((p) => p.type === 'tool-result');
          return {
            role: 'assistant',
            content: text && `Tool ${tool?.toolName ?? 'output'} returned: ${text}`,
          };
        })
        .filter((m) => m.content.trim() !== '');
      if (out.length > 0) await addMessages(out, o.infer, o.metadata);
    },
    async retrieve(query, so = {}) {
      checkMem0SearchOptions(so, 'retrieve');
      const { maxTokens, inContext, ...options } = so;
      // Checked before the search, as the built-in retrieve does: a bad budget sends no request.
      checkPackInput([], { maxTokens, inContext });
      const text = typeof query === 'string' ? query : spokenText(checkQuery(query, component));
      if (text.trim() === '') return '';
      const hits = await search(text.slice(0, maxMem0QueryLength), options);
      return packRecall(hits, {
        ...(maxTokens === undefined ? {} : { maxTokens }),
        ...(inContext ? { inContext } : {}),
        context: 0,
      }).text;
    },
    search,
    /** Adds each record with its own request, in order; a batch that fails part-way is undone ({@link addAll}). */
    async add(input) {
      const list = Array.isArray(input) ? input : [input as string | NewLongTermRecord];
      // Every record is checked before the first is sent: a batch with a bad record sends none.
      const checked = list.map((r, i) => checkAdded(r, Array.isArray(input) ? `records[${i}]` : 'record'));
      return addAll(checked, addOne, (id) =>
        request('DELETE', path(id), undefined, { notFound: 'undefined' }),
      );
    },
    get,
    async update(id: string, change: string | LongTermRecordChange) {
      const c: LongTermRecordChange = typeof change === 'string' ? { text: change } : change;
      if (!isObject(c)) throw bad('change must be a string or an object');
      for (const [key, value] of Object.entries(c))
        if (value !== undefined && key !== 'text' && key !== 'metadata')
          throw bad(`change.${key} is not supported by Mem0 (it keeps text and metadata only)`);
      const body: Record<string, unknown> = {};
      if (c.text !== undefined) body.text = checkRecordText(c.text, 'change.text', component);
      if (c.metadata !== undefined) body.metadata = checkMetadata(c.metadata, 'change.metadata', component);
      if (Object.keys(body).length === 0) throw bad('change must set text or metadata');
      const notFound = () =>
        new MemoryError({
          code: 'RECORD_NOT_FOUND',
          component,
          message: `no Mem0 memory ${JSON.stringify(id)}`,
        });
      if (!(await get(id))) throw notFound();
      const answer = await request('PUT', path(id), body);
      if (isObject(answer) && typeof answer.id === 'string' && typeof answer.memory === 'string')
        return mem0Record(checkMem0Memory(answer, 'the updated memory'));
      const after = await get(id); // the OSS server answers { message } only
      if (!after) throw notFound();
      return after;
    },
    async delete(id: string) {
      if (!(await get(id))) return false;
      return (await request('DELETE', path(id), undefined, { notFound: 'undefined' })) !== undefined;
    },
    async history(id: string) {
      checkId(id, 'id', component);
      if (dotSegment(id)) return [];
      const body = await request('GET', path(id, true), undefined, { notFound: 'undefined' });
      if (body === undefined || body === null) return [];
      const entries = resultsOf(body, 'history');
      // An entry naming another entity than ours is not ours. The platform's entries name only user_id, the OSS
      // server's none: when some id we are bound by is not named by every entry, the memory itself is checked.
      const says = entries.map((e) => (isObject(e) ? historyOwner(e as Mem0EntityIds) : 'unknown'));
      if (says.includes('theirs')) return [];
      if (!says.every((s) => s === 'ours') && !(await get(id))) return [];
      return mem0Versions(entries, id);
    },
  };
}
