/**
 * The README's inspector screenshot (docs/inspector.png): `npm run demo`'s database, with steps recorded.
 *
 *   ENGRAM_DEMO_DIR=$(mktemp -d) npm run demo
 *   node scripts/inspector-screenshot.ts "$ENGRAM_DEMO_DIR/chat.db" docs/inspector.png
 *
 * The demo's agent does not record its steps yet, so this replays each demo session on a copy of the database
 * through the demo's view (AutoContextMemory with the demo's options and content space): before each assistant
 * message, it reads the view and records the assembly with the agent's blocks (instructions, tool definitions,
 * long-term recall for the last user message). The scripted model reports no usage, so the provider count is
 * emulated as the o200k count of the prompt as sent plus 3 tokens of framing per message. Then it serves the copy
 * with the inspector and takes the screenshot of the step with the most sources in Debian's Chromium (scripts/chromium.sh).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import {
  type AssemblyItem,
  createAssemblyRecorder,
  createAutoContextMemory,
  createContentStore,
  createConversationMemory,
  createLongTermMemory,
  createTokenCounter,
} from '../src/index.ts';
import { readOnlySource, startInspector } from '../src/inspector/index.ts';
import { messageText } from '../src/messages/serialize.ts';
import { createSqliteStore } from '../src/sqlite.ts';
import { ensureChromium, launchBrowser } from '../src/testing/inspector/browser.ts';

const [source = '.engram-demo/chat.db', out = 'docs/inspector.png'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'engram-shot-'));
const path = join(dir, 'chat.db');
for (const suffix of ['', '-wal', '-shm'])
  if (existsSync(`${source}${suffix}`)) copyFileSync(`${source}${suffix}`, `${path}${suffix}`);

const scope = { tenant: 'demo', user: 'ada' }; // examples/chat-agent.ts
const instructions =
  'You are a helpful assistant with memory across conversations. Use what you remember about the user. Read web pages with web_fetch; large results are stored outside the context and can be read again with retrieve_from_memory.';
const toolsText = JSON.stringify({
  web_fetch: { description: 'Fetch a web page', parameters: { url: { type: 'string' } } },
  retrieve_from_memory: { description: 'Read a stored item again', parameters: { id: { type: 'string' } } },
});
const counter = createTokenCounter();
const store = createSqliteStore({ path });
const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
/** The step shown: the one with the most sources, then the most tokens. */
let shown = { session: '', step: 0, sources: 0, tokens: 0 };

for (const session of (await store.listSessions(scope)).reverse()) {
  const entries = await store.readRange(scope, session.id);
  await store.deleteSession(scope, session.id);
  await store.createSession(scope, { id: session.id, metadata: session.metadata });
  const memory = createConversationMemory({ store, scope, sessionId: session.id, counter });
  const content = createContentStore({ store, scope, counter, space: 'chat' });
  const view = createAutoContextMemory({
    memory,
    content,
    maxTokens: 16_000,
    msgThreshold: 6,
    lastKeep: 4,
    minGainTokens: 0,
  });
  const recorder = createAssemblyRecorder({ memory });
  let step = 0;
  let turn = 0;
  let inTurn = 0;
  for (const [i, entry] of entries.entries()) {
    await memory.append(entry.message as ModelMessage);
    if (entry.message.role === 'user') [turn, inTurn] = [turn + 1, 0];
    if (entries[i + 1]?.message.role !== 'assistant') continue;
    const sent = await view.read();
    const lastUser = sent.findLast((m) => m.role === 'user');
    const recall = lastUser ? await longTerm.retrieve(messageText(lastUser)) : '';
    const blocks: AssemblyItem[] = [
      {
        source: 'instructions',
        tokens: counter.count({ role: 'system', content: instructions }),
        why: "the agent's instructions",
      },
      {
        source: 'tools',
        tokens: counter.count({ role: 'system', content: toolsText }),
        why: 'tool definitions',
      },
      ...(recall
        ? [
            {
              source: 'long-term' as const,
              tokens: counter.count({ role: 'user', content: recall }),
              why: 'recalled for the last user message',
              preview: recall.slice(0, 160),
            },
          ]
        : []),
    ];
    const assembly = view.lastAssembly()!;
    const items = [...blocks, ...assembly.items];
    const tokens = items.reduce((t, item) => t + item.tokens, 0);
    await recorder.record(
      { ...assembly, items, tokens },
      {
        agent: 'assistant',
        run: `turn-${turn}`,
        step: inTurn++,
        provider: { inputTokens: tokens + 3 * items.length },
      },
    );
    const sources = new Set(items.map((item) => item.source)).size;
    if (sources > shown.sources || (sources === shown.sources && tokens > shown.tokens))
      shown = { session: session.id, step, sources, tokens };
    step++;
  }
}

const running = await startInspector(readOnlySource(store, scope), { port: 0 });
const browser = await launchBrowser(ensureChromium(), { width: 1200, height: 800 });
try {
  const page = await browser.context.newPage();
  const route = `#/session/${shown.session}/steps?user=ada&step=${shown.step}`;
  await page.goto(`${running.url}${route}`);
  await page.locator(`body[data-route="${route}"][data-render-ms]`).waitFor({ state: 'attached' });
  await page.screenshot({ path: out });
  console.log(`${out}: ${shown.session}, step ${shown.step} (${shown.tokens} tokens)`);
} finally {
  await browser.close();
  await running.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
