/**
 * The web chat's server: `npm run example -- web-chat [--port N] [--db path]` from the repository root (or
 * `npm start` here). It bundles the page's script, opens the SQLite file and serves the chat on 127.0.0.1,
 * printing its address. Ctrl-C (SIGINT) or SIGTERM closes the server and the database.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createSqliteStore } from 'engram/sqlite';
import { bundleClient } from './bundle-client.ts';
import { createChatApp } from './chat-app.ts';
import { chatModel } from './chat-model.ts';

const usage = 'Usage: npm run example -- web-chat [--port N] [--db path]';
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3000' },
    db: { type: 'string', default: join(process.env.ENGRAM_DEMO_DIR ?? '.engram-demo', 'web-chat.db') },
  },
});
const port = Number(values.port);
if (!Number.isSafeInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535 (0: any free port), got ${values.port}\n${usage}`);
  process.exit(2);
}

mkdirSync(dirname(values.db), { recursive: true });
const store = createSqliteStore({ path: values.db });
const { model, label } = chatModel();
const app = createChatApp({ store, model, script: await bundleClient() });
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`engram web chat: http://127.0.0.1:${info.port}/`);
  console.log(`model: ${label}; chats in ${values.db}`);
});

async function shutdown(): Promise<void> {
  server.close();
  await store.close();
  console.log('stopped: the server and the database are closed');
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
