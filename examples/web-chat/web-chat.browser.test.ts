import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isToolUIPart, type ModelMessage, type UIMessage } from 'ai';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatStore } from '../../src/ai-sdk/chat/index.ts';
import { createContentStore } from '../../src/content/create-content-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createCitationMemory } from '../../src/views/citation-memory.ts';
import { ensureChromium, launchBrowser } from '../../test-support/inspector/browser.ts';
import { chatScope, contentSpace } from './chat-scope.ts';
import { reportText } from './report-tool.ts';
import { startWebChat, type WebChatProcess } from './web-chat-process.ts';

/** Screenshots land here (gitignored), for people to look at after a run. */
const artifacts = fileURLToPath(new URL('../../test-artifacts/web-chat/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-web-chat-'));
const db = join(dir, 'chat.db');

let server: WebChatProcess;
/** The test's own handle on the server's SQLite file: what is stored, read through engram's API. */
let store: ReturnType<typeof createSqliteStore>;
let chats: ReturnType<typeof createChatStore>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let chatId = '';
const problems: string[] = [];

/** Records what a page reports as an error (none is expected). */
function watch(p: Page): Page {
  p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  p.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return p;
}

beforeAll(async () => {
  const chromium = ensureChromium(); // installs Debian's chromium when missing; throws (never skips) when it cannot
  mkdirSync(artifacts, { recursive: true });
  server = await startWebChat(db);
  store = createSqliteStore({ path: db });
  chats = createChatStore({ store, scope: chatScope });
  browser = await launchBrowser(chromium, { width: 1000, height: 900 });
  page = watch(await browser.context.newPage());
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shot = (p: Page, name: string) =>
  p.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
/** Waits until the chat is idle (no request in flight, no reply streaming). */
const ready = (p: Page) => p.locator('main[data-status="ready"]').waitFor();
/** The text of every message shown, in order, as `role: text`. */
async function shown(p: Page): Promise<string[]> {
  const items = p.locator('#messages > li');
  const roles = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-role')));
  const texts = await items.allInnerTexts();
  return texts.map((t, i) => `${roles[i]}: ${t.trim()}`);
}
/** Types a message and sends it with Enter. */
async function send(p: Page, text: string): Promise<void> {
  await p.fill('#input', text);
  await p.press('#input', 'Enter');
}
/** What the page shows of each message (id, role, text parts), in order. */
async function shownMessages(p: Page): Promise<{ id: string; role: string; text: string }[]> {
  const items = await p.locator('#messages > li').all();
  return Promise.all(
    items.map(async (li) => ({
      id: (await li.getAttribute('data-id')) ?? '',
      role: (await li.getAttribute('data-role')) ?? '',
      text: (await li.locator('p.text').allTextContents()).join('\n'),
    })),
  );
}
/** The same of the stored chat, through engram's chat store. */
async function storedMessages(): Promise<{ id: string; role: string; text: string }[]> {
  return (await chats.load(chatId)).map((m: UIMessage) => ({
    id: m.id,
    role: m.role,
    text: m.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
  }));
}
/** The tool call ids of a model-side log that have no result after them (never any). */
function unanswered(log: readonly ModelMessage[]): string[] {
  const open = new Set<string>();
  for (const m of log) {
    if (typeof m.content === 'string') continue;
    for (const part of m.content) {
      if (part.type === 'tool-call') open.add(part.toolCallId);
      if (part.type === 'tool-result') open.delete(part.toolCallId);
    }
  }
  return [...open];
}
/**
 * The chat's last stored message once it is the assistant's: the server stores a reply when its stream ends
 * (after a Stop, when the aborted stream has wound down), so this polls.
 */
async function storedReply(): Promise<{ message: UIMessage; incomplete: boolean }> {
  let last: { message: UIMessage; incomplete: boolean } | undefined;
  await expect
    .poll(async () => {
      last = (await chats.messages(chatId)).at(-1);
      return last?.message.role;
    })
    .toBe('assistant');
  return last!;
}
const lastAssistant = (p: Page) => p.locator('#messages > li[data-role="assistant"]').last();

describe('examples/web-chat in Chromium (npm run example -- web-chat, scripted model, SQLite)', () => {
  it('a message gets a reply that streams in word by word', async () => {
    await page.goto(server.url);
    await ready(page);
    chatId = new URL(page.url()).searchParams.get('chat') ?? '';
    expect(chatId).not.toBe('');
    await send(page, 'Hello, I am Ada.');
    // Sample the reply while it streams: it grows, each sample a prefix of the next.
    const samples: string[] = [];
    await page.locator('main[data-status="streaming"]').waitFor();
    while ((await page.getAttribute('main', 'data-status')) !== 'ready') {
      const text = (await lastAssistant(page).allInnerTexts())[0]?.trim() ?? '';
      if (text !== '' && text !== samples.at(-1)) samples.push(text);
    }
    const reply = (await lastAssistant(page).innerText()).trim();
    expect(reply).toMatch(/^You said: "Hello, I am Ada\.". I was sent 1 messages \([\d,]+ tokens\)\./);
    expect(reply).toContain('The report is not in my context.');
    expect(samples.length).toBeGreaterThanOrEqual(2);
    for (const s of samples) expect(reply.startsWith(s)).toBe(true);
    expect(await storedMessages()).toEqual(await shownMessages(page));
    await shot(page, '1-streamed-reply');
  });

  it('a 35 KB tool result is sent in full once, then as a citation', async () => {
    const chars = reportText().length.toLocaleString('en-US');
    await send(page, 'Please read the report.');
    await ready(page);
    expect(await lastAssistant(page).innerText()).toContain(`fetch_report: ${chars} characters`);
    expect(await lastAssistant(page).innerText()).toContain(
      `I read the report in full: ${chars} characters.`,
    );
    await send(page, 'What was in it?');
    await ready(page);
    expect(await lastAssistant(page).innerText()).toMatch(
      /The report is in my context as a citation \(content item [^)]+\)\./,
    );
    // The log keeps the whole report; the model-side view the server uses shows it as a citation.
    const conversation = chats.conversation(chatId);
    const log = await conversation.read();
    const results = log.flatMap((m) =>
      m.role === 'tool' ? m.content.flatMap((p) => (p.type === 'tool-result' ? [p] : [])) : [],
    );
    expect(results).toHaveLength(1);
    expect(results[0]?.output).toEqual({ type: 'text', value: reportText() });
    const content = createContentStore({ store, scope: chatScope, space: contentSpace });
    const view = createCitationMemory({ conversation, content });
    const cited = JSON.stringify(await view.read());
    const item = /content item \\"([^\\]+)\\"/.exec(cited)?.[1];
    expect(item).toBeDefined();
    expect(cited).not.toContain(reportText().slice(-200));
    expect(await lastAssistant(page).innerText()).toContain(`(content item ${item})`);
    expect((await content.retrieve(item!, { type: 'full' })).content).toBe(reportText());
    expect(await storedMessages()).toEqual(await shownMessages(page));
    await shot(page, '2-report-cited');
  });

  it('a reload shows the same chat', async () => {
    const before = await shown(page);
    expect(before).toHaveLength(6);
    await page.reload();
    await ready(page);
    expect(new URL(page.url()).searchParams.get('chat')).toBe(chatId);
    expect(await shown(page)).toEqual(before);
    expect(await shownMessages(page)).toEqual(await storedMessages());
    await shot(page, '3-reloaded');
  });

  it('the same chat in two pages: both send at once, both turns are kept whole', async () => {
    const second = watch(await browser.context.newPage());
    await second.goto(page.url());
    await ready(second);
    expect(await shown(second)).toEqual(await shown(page));
    await Promise.all([send(page, 'First, from page one.'), send(second, 'Second, from page two.')]);
    await Promise.all([ready(page), ready(second)]);
    expect(await lastAssistant(page).innerText()).toContain('You said: "First, from page one."');
    expect(await lastAssistant(second).innerText()).toContain('You said: "Second, from page two."');
    await second.reload();
    await ready(second);
    const both = await shown(second);
    expect(both).toHaveLength(10);
    for (const said of ['First, from page one.', 'Second, from page two.']) {
      expect(both).toContain(`user: ${said}`);
      expect(both.some((m) => m.startsWith(`assistant: You said: "${said}"`))).toBe(true);
    }
    // Stored: both turns whole, one after the other (the server runs a chat's turns in order), so the second
    // reply was sent the first turn too: two messages more.
    const stored = await storedMessages();
    expect(stored).toHaveLength(10);
    expect(await shownMessages(second)).toEqual(stored);
    const [u1, a1, u2, a2] = stored.slice(6);
    expect([u1?.role, a1?.role, u2?.role, a2?.role]).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(a1?.text).toContain(`You said: "${u1?.text}"`);
    expect(a2?.text).toContain(`You said: "${u2?.text}"`);
    const sent = (t = '') => Number(/I was sent (\d+) messages/.exec(t)?.[1]);
    expect(sent(a2?.text)).toBe(sent(a1?.text) + 2);
    expect(unanswered(await chats.conversation(chatId).read())).toEqual([]);
    await shot(second, '4-two-pages');
    await second.close();
  });

  it('Stop ends a reply midway; a reload shows what was generated', async () => {
    await page.reload();
    await ready(page);
    await send(page, 'Tell me a long story.');
    await lastAssistant(page).getByText('Chapter 2:').waitFor();
    await page.click('#stop');
    await ready(page);
    const partial = (await lastAssistant(page).innerText()).trim();
    expect(partial).toMatch(/^Chapter 1:/);
    expect(partial).not.toContain('Chapter 20:');
    await shot(page, '5-stopped');
    const last = await storedReply();
    expect(last.incomplete).toBe(true);
    const storedText = (await storedMessages()).at(-1)?.text ?? '';
    expect(storedText.startsWith(partial)).toBe(true);
    expect(storedText).not.toContain('Chapter 20:');
    expect(unanswered(await chats.conversation(chatId).read())).toEqual([]);
    await page.reload();
    await ready(page);
    expect((await lastAssistant(page).innerText()).trim()).toBe(storedText.trim());
    expect(await shownMessages(page)).toEqual(await storedMessages());
    await shot(page, '6-stopped-reloaded');
  });

  it('Stop while a tool runs: the call is stored closed (output-error), never unanswered', async () => {
    await send(page, 'Please read the archive.');
    await lastAssistant(page).locator('p.tool[data-state="input-available"]').waitFor();
    await page.click('#stop');
    await ready(page);
    const last = await storedReply();
    expect(last.incomplete).toBe(true);
    expect(last.message.parts.filter(isToolUIPart).map((p) => [p.type, p.state])).toEqual([
      ['tool-fetch_archive', 'output-error'],
    ]);
    expect(unanswered(await chats.conversation(chatId).read())).toEqual([]);
    await page.reload();
    await ready(page);
    const tool = lastAssistant(page).locator('p.tool[data-state="output-error"]');
    expect(await tool.innerText()).toMatch(/^fetch_archive: \S/);
    await shot(page, '7-stopped-tool-reloaded');
  });

  it('no page reported an error', () => {
    expect(problems).toEqual([]);
  });
});
