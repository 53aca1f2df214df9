/**
 * The server's routes (Hono): the page, its script, a chat's stored UI messages (the page's initial messages
 * when it loads or reloads), and POST /api/chat, engram's chat handler.
 */
import type { LanguageModel } from 'ai';
import { MemoryError, type MemoryErrorCode } from 'engram';
import type { SqliteStore } from 'engram/sqlite';
import { Hono } from 'hono';
import { pageHtml } from './page-html.ts';
import { temporaryChatRoute } from './temporary-chat-route.ts';

/** The engram error codes that mean the request was wrong (answered 400). */
const clientErrors = new Set<MemoryErrorCode>([
  'INVALID_MESSAGE',
  'INVALID_ARGUMENT',
  'DUPLICATE_MESSAGE_ID',
  'PAYLOAD_TOO_LARGE',
]);

/** Options of {@link createChatApp}. */
export interface ChatAppOptions {
  /** Where chats and offloaded tool results live. */
  store: SqliteStore;
  /** The model that answers. */
  model: LanguageModel;
  /** The page's bundled script (see bundleClient). */
  script: string;
}

/** The chat server's Hono app. */
export function createChatApp(options: ChatAppOptions): Hono {
  const route = temporaryChatRoute(options.model);
  const app = new Hono();
  app.get('/', (c) => c.html(pageHtml));
  app.get('/client.js', (c) =>
    c.body(options.script, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/api/chats/:id', async (c) => c.json(await route.load(c.req.param('id'))));
  app.post('/api/chat', (c) => route.handle(c.req.raw));
  app.onError((error, c) => {
    // Bad input (a malformed message, an id engram does not accept) is the client's error; the rest is ours.
    if (MemoryError.isInstance(error) && clientErrors.has(error.code))
      return c.json({ error: error.message }, 400);
    console.error(error);
    return c.json({ error: 'internal error' }, 500);
  });
  return app;
}
