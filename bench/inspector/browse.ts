/**
 * Opening sessions in the real `engram inspect` with headless Chromium: each run navigates a page from
 * `about:blank` to a session's route (a full page load: the app, `/api/info`, then the tab's API calls) and waits
 * for the app's `body[data-route][data-render-ms]`. Three times are kept: the app's own (`data-render-ms`, its
 * route handler), the page's clock when that attribute appeared (from the navigation's start, seen by an observer
 * the bench adds to the page), and the wall time seen by this process (which adds the browser's own work and the
 * driver's round trips). The tab's API call is also timed by plain `fetch`. Runs are interleaved across sessions
 * and tabs, so drift in machine load touches all alike.
 */

import type { BrowserContext, Page } from 'playwright-core';

/** The two tabs of a session. */
export const tabs = ['messages', 'steps'] as const;
export type Tab = (typeof tabs)[number];

/** A session to open, with what its pages must show. */
export interface OpenTarget {
  id: string;
  messages: number;
  steps: number;
}

/** One tab's times (ms) over the measured runs. */
export interface TabTimes {
  /** The app's `data-render-ms`. */
  render: number[];
  /** The page's `performance.now()` when `data-render-ms` appeared: from the navigation's start. */
  rendered: number[];
  /** The same clock after the next frame was painted. */
  painted: number[];
  /** From `page.goto` until this process saw the attribute. */
  wall: number[];
  /** The tab's API call by `fetch`, body read: `/api/sessions/<id>/messages` (200 messages) or `…/steps`. */
  api: number[];
}

/** One session's times, per tab. */
export type OpenTimes = Record<Tab, TabTimes>;

const routeOf = (id: string, tab: Tab) => `#/session/${id}${tab === 'steps' ? '/steps' : ''}`;
const apiOf = (id: string, tab: Tab) => `/api/sessions/${id}/${tab}`;

/**
 * Notes the page's clock when the app marks a route rendered, and when the next frame after it was painted (a
 * task queued from that frame's `requestAnimationFrame` runs after its layout and paint); added to every document
 * before its scripts.
 */
const renderObserver = `new MutationObserver(() => {
  if (globalThis.__benchRendered !== undefined || !document.body?.hasAttribute('data-render-ms')) return;
  globalThis.__benchRendered = performance.now();
  requestAnimationFrame(() => setTimeout(() => { globalThis.__benchPainted = performance.now(); }, 0));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-render-ms'] });`;

const fmt = (n: number) => n.toLocaleString('en-US');

/** What the observer noted. */
type Marks = { __benchRendered?: number; __benchPainted?: number };

/** Throws unless the page shows what the session holds (so no error page is ever timed). */
async function checkPage(page: Page, target: OpenTarget, tab: Tab): Promise<void> {
  const error = await page.locator('#main .error').allInnerTexts();
  if (error.length > 0) throw new Error(`${routeOf(target.id, tab)} shows an error: ${error.join('; ')}`);
  const stats = await page.innerText('#session-stats');
  if (!stats.includes(`${fmt(target.messages)} messages`))
    throw new Error(`${target.id}: the page says "${stats.trim()}", not ${fmt(target.messages)} messages`);
  const [selector, expected] =
    tab === 'messages'
      ? ['#timeline tbody tr', Math.min(200, target.messages)]
      : ['[data-step-bar]', target.steps];
  const count = await page.locator(selector).count();
  if (count !== expected)
    throw new Error(`${routeOf(target.id, tab)}: ${count} × ${selector}, not ${expected}`);
}

/** Times opening each target's tabs, and their API calls; the first `warmups` runs are not kept. */
export async function timeOpening(
  context: BrowserContext,
  origin: string,
  targets: readonly OpenTarget[],
  plan: { runs: number; warmups: number },
): Promise<Map<string, OpenTimes>> {
  const page = await context.newPage();
  await page.addInitScript({ content: renderObserver });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  const empty = (): TabTimes => ({ render: [], rendered: [], painted: [], wall: [], api: [] });
  const out = new Map<string, OpenTimes>(targets.map((t) => [t.id, { messages: empty(), steps: empty() }]));
  try {
    for (let run = -plan.warmups; run < plan.runs; run++)
      for (const target of targets)
        for (const tab of tabs) {
          const times = out.get(target.id)![tab];
          const route = routeOf(target.id, tab);
          await page.goto('about:blank');
          const t0 = performance.now();
          await page.goto(`${origin}/${route}`, { waitUntil: 'commit' });
          await page
            .locator(`body[data-route=${JSON.stringify(route)}][data-render-ms]`)
            .waitFor({ state: 'attached', timeout: 120_000 });
          const wall = performance.now() - t0;
          const render = Number(await page.getAttribute('body', 'data-render-ms'));
          await page.waitForFunction(() => (globalThis as Marks).__benchPainted !== undefined);
          const marks = await page.evaluate(() => {
            const { __benchRendered, __benchPainted } = globalThis as Marks;
            return { __benchRendered, __benchPainted };
          });
          if (run === -plan.warmups) await checkPage(page, target, tab);
          if (problems.length > 0) throw new Error(problems.join('\n'));
          const t1 = performance.now();
          const res = await fetch(`${origin}${apiOf(target.id, tab)}`);
          const body = (await res.json()) as { messages?: unknown[]; steps?: unknown[] };
          const api = performance.now() - t1;
          const expected = tab === 'messages' ? Math.min(200, target.messages) : target.steps;
          if (res.status !== 200 || body[tab]?.length !== expected)
            throw new Error(
              `${apiOf(target.id, tab)} answered ${res.status} with ${body[tab]?.length} ${tab}`,
            );
          if (run < 0) continue;
          times.render.push(render);
          times.rendered.push(marks.__benchRendered ?? Number.NaN);
          times.painted.push(marks.__benchPainted ?? Number.NaN);
          times.wall.push(wall);
          times.api.push(api);
        }
  } finally {
    await page.close();
  }
  return out;
}
