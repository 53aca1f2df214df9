import type { Mem0Entities, Mem0WireMessage } from './mem0-test-store.ts';

/** A checked add request. */
export interface Mem0AddInput {
  /** The messages. */
  messages: Mem0WireMessage[];
  /** The entities the memories belong to (at least one). */
  entities: Mem0Entities;
  /** Metadata for every memory. */
  metadata: Record<string, unknown>;
  /** Whether to extract facts. */
  infer: boolean;
}

/** A checked search request. */
export interface Mem0SearchInput {
  /** The query. */
  query: string;
  /** The entities to search within (at least one). */
  entities: Mem0Entities;
  /** How many results. */
  topK: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const entityKeys = ['user_id', 'agent_id', 'run_id'] as const;

function entitiesOf(source: Record<string, unknown>): Mem0Entities | string {
  const out: Mem0Entities = {};
  for (const k of entityKeys) {
    const v = source[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || v === '') return `${k} must be a non-empty string`;
    out[k] = v;
  }
  return Object.keys(out).length > 0
    ? out
    : 'At least one identifier (user_id, agent_id, run_id) is required.';
}

/** Checks an add body; returns the input or an error message. */
export function checkAddBody(body: unknown): Mem0AddInput | string {
  if (!isObject(body)) return 'Request body must be a JSON object.';
  const { messages, metadata, infer } = body;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty list.';
  for (const [i, m] of messages.entries()) {
    if (!isObject(m) || typeof m.role !== 'string' || typeof m.content !== 'string')
      return `messages[${i}] must have a string role and content.`;
  }
  if (metadata !== undefined && metadata !== null && !isObject(metadata))
    return 'metadata must be an object.';
  if (infer !== undefined && typeof infer !== 'boolean') return 'infer must be a boolean.';
  const entities = entitiesOf(body);
  if (typeof entities === 'string') return entities;
  return {
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    entities,
    metadata: (metadata as Record<string, unknown> | undefined) ?? {},
    infer: infer ?? true,
  };
}

/**
 * The entities of a filter: `{ user_id: 'u' }`, or `{ AND: [{ user_id: 'u' }, { agent_id: 'a' }] }` with
 * plain equalities, entities beside `AND` included (each narrows the search); `AND` that is not a list, and the
 * operators Mem0 also supports (`OR`, `in`, …), are rejected here, never ignored.
 */
function filterEntities(filters: unknown): Mem0Entities | string {
  if (!isObject(filters)) return 'filters must be an object.';
  const { AND, ...beside } = filters;
  if (AND !== undefined && !Array.isArray(AND)) return 'filters.AND must be a list of objects.';
  const flat: Record<string, unknown> = {};
  for (const part of [...(AND ?? []), beside]) {
    if (!isObject(part)) return 'filters.AND must be a list of objects.';
    for (const [k, v] of Object.entries(part)) {
      if (!(entityKeys as readonly string[]).includes(k)) return `Unsupported filter: ${k}.`;
      if (flat[k] !== undefined && flat[k] !== v) return `Conflicting filters on ${k}.`;
      flat[k] = v;
    }
  }
  return entitiesOf(flat);
}

/** Checks a search body (`filters` holds the entities; the OSS server also takes them top-level). */
export function checkSearchBody(body: unknown, topLevelEntities: boolean): Mem0SearchInput | string {
  if (!isObject(body)) return 'Request body must be a JSON object.';
  const { query, filters, top_k } = body;
  if (typeof query !== 'string' || query.trim() === '') return 'query must be a non-empty string.';
  if (query.length > 10_000) return 'query is too long.';
  const merged: Record<string, unknown> = isObject(filters) ? { ...filters } : {};
  if (topLevelEntities) {
    for (const k of entityKeys) {
      if (body[k] === undefined) continue;
      if (merged[k] !== undefined && merged[k] !== body[k]) return `Conflicting filters on ${k}.`;
      merged[k] = body[k];
    }
  } else if (entityKeys.some((k) => body[k] !== undefined)) {
    return 'Top-level entity parameters are not supported; pass them in filters.';
  }
  if (!topLevelEntities && filters === undefined) return 'filters is required.';
  const entities = filterEntities(merged);
  if (typeof entities === 'string') return entities;
  const topK = top_k ?? 10;
  if (!Number.isSafeInteger(topK) || (topK as number) < 1 || (topK as number) > 1000)
    return 'top_k must be an integer from 1 to 1000.';
  return { query, entities, topK: topK as number };
}

/** Checks an update body; returns the change or an error message. */
export function checkUpdateBody(
  body: unknown,
): { text?: string; metadata?: Record<string, unknown> } | string {
  if (!isObject(body)) return 'Request body must be a JSON object.';
  const { text, metadata } = body;
  if (text === undefined && metadata === undefined) return 'Provide text or metadata to update.';
  if (text !== undefined && (typeof text !== 'string' || text.trim() === ''))
    return 'text must be a non-empty string.';
  if (metadata !== undefined && !isObject(metadata)) return 'metadata must be an object.';
  return {
    ...(text === undefined ? {} : { text: text as string }),
    ...(metadata === undefined ? {} : { metadata }),
  };
}
