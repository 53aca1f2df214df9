import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, launchBrowser } from '../../test-support/inspector/browser.ts';
import {
  buildInspectorFixture,
  fixtureArgs,
  type InspectorFixture,
} from '../../test-support/inspector/fixture.ts';
import { type InspectProcess, startInspect } from '../../test-support/inspector/inspect-binary.ts';
import type { AssemblyItem } from '../views/assembly/context-assembly.ts';

/** Screenshots land here (gitignored), for people to look at after a run. */
const artifacts = fileURLToPath(new URL('../../test-artifacts/inspector/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-inspect-sent-'));

let fixture: InspectorFixture;
let server: InspectProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  const chromium = ensureChromium(); // installs Debian's chromium when missing; throws (never skips) when it cannot
  mkdirSync(artifacts, { recursive: true });
  fixture = await buildInspectorFixture(join(dir, 'fixture.db'));
  server = await startInspect([...fixtureArgs(fixture), 'inspect', '--port', '0']);
  browser = await launchBrowser(chromium);
  page = await browser.context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a route and waits until the app rendered it. */
async function open(route: string): Promise<void> {
  await page.goto(`${server.origin}/${route}`);
  await settled(route);
}

/** Waits until the app rendered exactly this route. */
async function settled(route: string): Promise<void> {
  await page
    .locator(`body[data-route=${JSON.stringify(route)}][data-render-ms]`)
    .waitFor({ state: 'attached' });
}

/** Clicks a link and waits for its route to render; returns the route. */
async function follow(selector: string): Promise<string> {
  const link = page.locator(selector).first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await settled(href);
  return href;
}

/**
 * What sticks out: the page wider than the window, or an element (outside the chart and the tables that scroll
 * on purpose) wider than its box or reaching past the window's right edge.
 */
async function overflow(): Promise<string[]> {
  return page.locator('body').evaluate((body) => {
    const doc = body.ownerDocument;
    const width = doc.documentElement.clientWidth;
    const out: string[] = [];
    if (doc.documentElement.scrollWidth > width)
      out.push(`page ${doc.documentElement.scrollWidth} > ${width}`);
    for (const el of body.querySelectorAll('main *')) {
      if (el.closest('.chart, .scroll, .bar, svg, details:not([open]) > :not(summary)')) continue;
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`;
      if (r.width > 0 && r.right > width + 0.5) out.push(`${name} right ${Math.round(r.right)} > ${width}`);
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !el.matches('pre, .seg, .seg *'))
        out.push(`${name} scroll ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out.slice(0, 10);
  });
}

const shot = (name: string, width: number) =>
  page.screenshot({ path: join(artifacts, `sent-${width}-${name}.png`), fullPage: true });

/** The first recorded step with every kind of block the provider receives, and its items by source. */
function richStep() {
  const index = fixture.records.findIndex((r) =>
    ['instructions', 'tools', 'working-memory', 'long-term', 'summary', 'citation'].every((s) =>
      r.items.some((i) => i.source === s && i.sent !== undefined),
    ),
  );
  const record = fixture.records[index]!;
  const first = (source: AssemblyItem['source']) => record.items.find((i) => i.source === source)!;
  return { index, record, first };
}

const ownerQuery = 'user=ada';

for (const width of [1280, 800]) {
  describe(`engram inspect at ${width} px: exactly what was sent, and ids that link`, () => {
    it('a step lists every item with the whole text the provider received', async () => {
      await page.setViewportSize({ width, height: 900 });
      const { index, record, first } = richStep();
      expect(index).toBeGreaterThanOrEqual(0);
      await open(`#/session/research/steps?${ownerQuery}&step=${index}`);
      await page.click('#all-items');
      const items = page.locator('#segment-items li');
      expect(await items.count()).toBe(record.items.length);
      const sentOf = (source: string) =>
        page.locator(`#segment-items li[data-source="${source}"] > pre.sent`);

      // Instructions, pinned memory, the recall block and the summary: whole, not cut at 160 characters.
      expect(await sentOf('instructions').first().innerText()).toBe(fixture.sent.instructions);
      expect(await sentOf('working-memory').first().innerText()).toBe(fixture.sent.pinned);
      const recall = first('long-term').sent!;
      expect(recall.length).toBeGreaterThan(160);
      expect(await sentOf('long-term').first().innerText()).toBe(recall);
      const summary = first('summary').sent!;
      expect(summary.length).toBeGreaterThan(160);
      expect(await sentOf('summary').first().innerText()).toBe(summary);

      // Tool definitions: each tool's name, description and input schema as sent.
      for (const line of fixture.sent.tools.split('\n')) {
        const def = JSON.parse(line) as { name: string; description: string; parameters: unknown };
        const tool = page.locator(`#segment-items .tool-def[data-tool="${def.name}"]`);
        expect(await tool.locator('.tool-description').innerText()).toBe(def.description);
        expect(await tool.locator('.tool-tokens').innerText()).toMatch(/^\d+ tokens$/);
        expect(await tool.locator('pre.schema').innerText()).toBe(JSON.stringify(def.parameters, null, 2));
      }

      // A citation: the citation as sent, not the tool result it stands for; the original one click away.
      const citation = first('citation');
      const cited = page.locator(`#segment-items li[data-source="citation"]`).first();
      expect(await cited.locator('> pre.sent').innerText()).toBe(citation.sent);
      expect(citation.sent).toContain('stored as content item');
      await cited.locator('details.original summary').click();
      const original = await cited.locator('details.original pre').innerText();
      expect(original).toMatch(/^weather\nWeather report \d+ \(hourly\)\n/);
      expect(original.length).toBeGreaterThan(3 * citation.sent!.length);
      expect(await overflow()).toEqual([]);
      await shot('1-step-items', width);

      // The citation's tr_… id links to its content item, which links back to the message and step that made it.
      const itemId = /tr_[0-9a-f]{24}/.exec(citation.sent!)![0];
      const route = await follow(`#segment-items li[data-source="citation"] a.id-link[data-id="${itemId}"]`);
      expect(route).toBe(`#/content/${itemId}`);
      expect(await page.innerText('#item-content')).toContain('Weather report');
      expect(await page.getAttribute('#origin-session', 'href')).toContain('#/session/research?user=ada');
      expect(await overflow()).toEqual([]);
      await shot('2-content-item', width);
      const step = await follow('#origin-step');
      expect(step).toMatch(/^#\/session\/research\/steps\?user=ada&step=\d+$/);
      expect(await page.innerText('#step-detail h2')).toContain(`Step ${step.split('step=')[1]}`);

      // The log's original of the citation, one click from the step: the message marked in the timeline.
      await open(`#/session/research/steps?${ownerQuery}&step=${index}`);
      await page.click('#composition [data-source="citation"]');
      await follow('#segment-items li[data-source="citation"] a.original-link');
      expect(await page.getAttribute('#timeline tr.focus', 'data-seq')).toBe(String(citation.fromSeq));
      expect(await page.innerText('#timeline tr.focus')).toContain('Weather report');
      expect(await overflow()).toEqual([]);
      await shot('3-original-in-log', width);
      expect(problems).toEqual([]);
    });

    it('the chart has a tokens axis and step labels; the steps page fits', async () => {
      await open(`#/session/research/steps?${ownerQuery}`);
      expect(await page.locator('#steps-chart .y-axis .tick-label').count()).toBeGreaterThanOrEqual(3);
      expect(await page.locator('#steps-chart .y-axis .tick-label').first().textContent()).toBe('0');
      const labels = await page.locator('#steps-chart .step-label').allTextContents();
      expect(labels[0]).toBe('0');
      expect(labels.at(-1)).toBe(String(fixture.records.length - 1));
      expect(await page.locator('#steps-chart .axis-title').allTextContents()).toEqual(['tokens', 'step']);
      expect(await overflow()).toEqual([]);
      await shot('4-steps-chart', width);
      expect(problems).toEqual([]);
    });

    it('the content page lists the spaces and opens on one that holds items', async () => {
      await open('#/content');
      expect(await page.locator('#spaces tr[data-space]').count()).toBeGreaterThan(0);
      expect(await page.getAttribute(`#spaces tr[data-space="${fixture.space}"]`, 'class')).toContain(
        'selected',
      );
      expect(await page.locator('#content-items tbody tr').count()).toBeGreaterThan(0);
      expect(await page.innerText('main')).not.toContain('No items');
      expect(await overflow()).toEqual([]);
      await shot('5-content-spaces', width);
      expect(problems).toEqual([]);
    });

    it('a long-term record links to the session and message it came from', async () => {
      const { id, messageId, seq } = fixture.sourcedRecord;
      await open(`#/memory/${id}`);
      expect(await page.getAttribute('#origin-session', 'href')).toBe('#/session/research?user=ada');
      await follow('#origin-message');
      expect(await page.getAttribute('#timeline tr.focus', 'data-id')).toBe(messageId);
      expect(await page.getAttribute('#timeline tr.focus', 'data-seq')).toBe(String(seq));
      await open('#/memory');
      expect(await page.locator(`#records a.record-message`).count()).toBeGreaterThan(0);
      expect(await overflow()).toEqual([]);
      await shot('6-records', width);
      expect(problems).toEqual([]);
    });

    it('working memory and core blocks have a page with their history', async () => {
      await open('#/working');
      for (const { id, texts } of fixture.working) {
        const block = page.locator(`section.block[data-block="${id}"]`);
        expect(await block.locator('pre.current-text').innerText()).toBe(texts.at(-1));
        const rows = await block.locator('tbody tr td:last-child').allInnerTexts();
        expect(rows).toEqual([...texts].reverse());
      }
      expect(await overflow()).toEqual([]);
      await shot('7-working-memory', width);
      expect(problems).toEqual([]);
    });

    it('the session timeline and the sessions list fit', async () => {
      await open(`#/session/research?${ownerQuery}`);
      expect(await overflow()).toEqual([]);
      await open('#/');
      expect(await overflow()).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
