import type { IncomingHttpHeaders } from 'node:http';
import { decodeMemoryId, type Mem0RouteResult } from './mem0-route-result.ts';
import type { Mem0TestStore } from './mem0-test-store.ts';
import { checkAddBody, checkSearchBody, checkUpdateBody } from './mem0-test-validate.ts';

const detail = (status: number, message: string): Mem0RouteResult => ({ status, body: { detail: message } });

/**
 * The open-source Mem0 server's paths (`/memories`, `/search`, `/memories/{id}`, `/memories/{id}/history`)
 * over a test store, with its `X-API-Key` auth, history entries without entity ids (as its SQLite history has none), and FastAPI error bodies (`{ detail }`; 422 for a body that is
 * not JSON). As that server does, `GET /memories/{id}` answers `null` for an unknown id.
 */
export function handleOss(
  store: Mem0TestStore,
  method: string,
  path: string,
  body: unknown,
  invalidJson: boolean,
  headers: IncomingHttpHeaders,
  apiKey: string,
): Mem0RouteResult {
  const key = headers['x-api-key'];
  const bearer = headers.authorization;
  if (key !== apiKey && bearer !== `Bearer ${apiKey}`)
    return detail(401, 'Authentication required. Provide a Bearer token or X-API-Key header.');
  if (invalidJson)
    return {
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] },
    };

  if (path === '/memories' && method === 'POST') {
    const input = checkAddBody(body);
    if (typeof input === 'string') return detail(400, input);
    const events = store.add(input.messages, input.entities, input.metadata, input.infer);
    return {
      status: 200,
      body: {
        results: events
          .filter((e) => e.event !== 'NONE')
          .map((e) => ({ id: e.id, memory: e.memory, event: e.event })),
      },
    };
  }
  if (path === '/search' && method === 'POST') {
    const input = checkSearchBody(body, true);
    if (typeof input === 'string') return detail(400, input);
    return { status: 200, body: { results: store.search(input.query, input.entities, input.topK) } };
  }
  const match = /^\/memories\/([^/]+)(\/history)?$/.exec(path);
  if (!match) return detail(404, 'Not Found');
  const id = decodeMemoryId(match[1]!);
  if (id === undefined) return detail(400, 'The memory id in the path is not valid percent-encoding.');
  if (match[2])
    return method === 'GET'
      ? { status: 200, body: store.history(id).map(({ user_id, agent_id, run_id, ...e }) => e) }
      : detail(405, 'Method Not Allowed');
  switch (method) {
    case 'GET':
      return { status: 200, body: store.get(id) ?? null };
    case 'PUT': {
      const change = checkUpdateBody(body);
      if (typeof change === 'string') return detail(400, change);
      return store.update(id, change)
        ? { status: 200, body: { message: 'Memory updated successfully!' } }
        : detail(404, `Memory with id ${id} not found`);
    }
    case 'DELETE':
      return store.delete(id)
        ? { status: 200, body: { message: 'Memory deleted successfully' } }
        : detail(404, `Memory with id ${id} not found`);
    default:
      return detail(405, 'Method Not Allowed');
  }
}
