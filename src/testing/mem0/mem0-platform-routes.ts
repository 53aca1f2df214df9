import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { decodeMemoryId, type Mem0RouteResult } from './mem0-route-result.ts';
import type { Mem0TestStore } from './mem0-test-store.ts';
import { checkAddBody, checkSearchBody, checkUpdateBody } from './mem0-test-validate.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const badRequest = (message: string): Mem0RouteResult => ({
  status: 400,
  body: { error: '400 Bad Request', details: { message } },
});
const notFound: Mem0RouteResult = { status: 404, body: { error: 'Memory not found!' } };

/**
 * The Mem0 platform paths (`/v1/memories/…`, `/v2/memories/search/`) over a test store, with DRF-style token
 * auth, history entries naming the user only (as documented), and the platform's error bodies (`{ error, details: { message } }`, `{ error: 'Memory not found!' }`).
 */
export function handlePlatform(
  store: Mem0TestStore,
  method: string,
  path: string,
  body: unknown,
  invalidJson: boolean,
  headers: IncomingHttpHeaders,
  apiKey: string,
): Mem0RouteResult {
  const auth = headers.authorization;
  if (auth === undefined)
    return { status: 401, body: { detail: 'Authentication credentials were not provided.' } };
  if (auth !== `Token ${apiKey}`) return { status: 401, body: { detail: 'Invalid token.' } };
  if (invalidJson) return badRequest('JSON parse error.');

  if (path === '/v1/memories/' && method === 'POST') {
    const input = checkAddBody(body);
    if (typeof input === 'string') return badRequest(input);
    const events = store.add(input.messages, input.entities, input.metadata, input.infer);
    const b = body as Record<string, unknown>;
    const results =
      b.async_mode === false
        ? events
            .filter((e) => e.event !== 'NONE')
            .map((e) => ({ id: e.id, event: e.event, data: { memory: e.memory } }))
        : [
            {
              message: 'Memory processing has been queued for background execution',
              status: 'PENDING',
              event_id: randomUUID(),
            },
          ];
    return { status: 200, body: b.output_format === 'v1.1' ? { results } : results };
  }
  if (path === '/v2/memories/search/' && method === 'POST') {
    const input = checkSearchBody(body, false);
    if (typeof input === 'string') return { status: 400, body: { error: input } };
    return { status: 200, body: store.search(input.query, input.entities, input.topK) };
  }
  const match = /^\/v1\/memories\/([^/]+)\/(history\/)?$/.exec(path);
  if (!match) return { status: 404, body: { detail: 'Not found.' } };
  const id = decodeMemoryId(match[1]!);
  if (id === undefined)
    return { status: 400, body: { error: 'The memory id in the path is not valid percent-encoding.' } };
  if (!uuid.test(id)) return { status: 400, body: { error: 'memory_id should be a valid UUID' } };
  if (match[2]) {
    if (method !== 'GET') return { status: 405, body: { detail: `Method "${method}" not allowed.` } };
    // The documented entry names user_id only (no agent_id or run_id): docs.mem0.ai/api-reference/memory/history-memory
    return { status: 200, body: store.history(id).map(({ agent_id, run_id, ...e }) => e) };
  }
  switch (method) {
    case 'GET':
      return store.get(id) ? { status: 200, body: store.get(id) } : notFound;
    case 'PUT': {
      const change = checkUpdateBody(body);
      if (typeof change === 'string') return { status: 400, body: { error: change } };
      const updated = store.update(id, change);
      return updated ? { status: 200, body: updated } : notFound;
    }
    case 'DELETE':
      return store.delete(id) ? { status: 200, body: { message: 'Memory deleted successfully!' } } : notFound;
    default:
      return { status: 405, body: { detail: `Method "${method}" not allowed.` } };
  }
}
