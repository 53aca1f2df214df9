/**
 * The server's routes (Hono): the page, its script, a chat's stored UI messages (the page's initial messages
 * when it loads or reloads), and POST /api/chat, engram's chat handler: the chat stored in the SQLite store, the
 * model seeing it through a citation view (the report in full once, then cited).
 */
import { type LanguageModel, stepCountIs, streamText } from 'ai';
import {
  createCitationMemory,
  createContentStore,
  createContentTools,
  MemoryError,
  type MemoryErrorCode,
} from 'engram';
import { createChatHandler, createChatStore } from 'engram/ai-sdk';
import type { SqliteStore } from 'engram/sqlite';
import { Hono } from 'hono';
import { chatScope, contentSpace } from './chat-scope.ts';
import { pageHtml } from './page-html.ts';
import { fetchArchive, fetchReport } from './report-tool.ts';

/** Options of {@link createChatApp}. */
export interface ChatAppOptions {
  /** Where chats and offloaded tool results live. */
  store: SqliteStore;
  /** The model that answers. */
  model: LanguageModel;
  /** The page's bundled script (see bundleClient). */
  script: string;
}

/** The engram error codes that mean the request was wrong (answered 400). */
const clientErrors = new Set<MemoryErrorCode>([
  'INVALID_MESSAGE',
  'INVALID_ARGUMENT',
  'DUPLICATE_MESSAGE_ID',
  'PAYLOAD_TOO_LARGE',
]);

/** The chat server's Hono app. */
export function createChatApp(options: ChatAppOptions): Hono {
  const { store, model } = options;
  const content = createContentStore({ store, scope: chatScope, space: contentSpace });
  const tools = {
    fetch_report: fetchReport,
    fetch_archive: fetchArchive,
    ...createContentTools({ content }),
  };
  const chats = createChatStore({ store, scope: chatScope, tools });
  const chat = createChatHandler({
    chats,
    view: (conversation) => createCitationMemory({ conversation, content }),
    respond: ({ messages, instructions, abortSignal }) =>
      streamText({
        model,
        instructions,
        messages,
        tools,
        stopWhen: stepCountIs(5),
        abortSignal,
      }),
  });
  const app = new Hono();
  app.get('/', (c) => c.html(pageHtml));
  app.get('/client.js', (c) =>
    c.body(options.script, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/api/chats/:id', async (c) => c.json(await chats.load(c.req.param('id'))));
  app.post('/api/chat', (c) => chat(c.req.raw));
  app.onError((error, c) => {
    // Bad input (an id engram does not accept) is the client's error; the rest is ours.
    if (MemoryError.isInstance(error) && clientErrors.has(error.code))
      return c.json({ error: error.message }, 400);
    console.error(error);
    return c.json({ error: 'internal error' }, 500);
  });
  return app;
}
