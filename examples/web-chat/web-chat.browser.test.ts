import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, launchBrowser } from '../../test-support/inspector/browser.ts';
import { reportText } from './report-tool.ts';
import { startWebChat, type WebChatProcess } from './web-chat-process.ts';

/** Screenshots land here (gitignored), for people to look at after a run. */
const artifacts = fileURLToPath(new URL('../../test-artifacts/web-chat/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-web-chat-'));
const db = join(dir, 'chat.db');

let server: WebChatProcess;
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
  browser = await launchBrowser(chromium, { width: 1000, height: 900 });
  page = watch(await browser.context.newPage());
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
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
    await shot(page, '2-report-cited');
  });

  it('a reload shows the same chat', async () => {
    const before = await shown(page);
    expect(before).toHaveLength(6);
    await page.reload();
    await ready(page);
    expect(new URL(page.url()).searchParams.get('chat')).toBe(chatId);
    expect(await shown(page)).toEqual(before);
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
    await page.reload();
    await ready(page);
    const reloaded = (await lastAssistant(page).innerText()).trim();
    expect(reloaded.startsWith(partial)).toBe(true);
    expect(reloaded).not.toContain('Chapter 20:');
    await shot(page, '6-stopped-reloaded');
  });

  it('no page reported an error', () => {
    expect(problems).toEqual([]);
  });
});
