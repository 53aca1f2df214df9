import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import type { ContentItemInput } from '../content-item.ts';
import { prepareContentItem } from '../prepare-content-item.ts';
import { builtInCompactors, createCompactorRegistry } from './index.ts';

const counter = createEstimateTokenCounter();
const make = (input: Partial<ContentItemInput>) =>
  prepareContentItem(
    { type: 'custom', source: 'tool', content: '', ...input },
    { counter, clock: { now: () => new Date(0) }, component: 'test' },
  );
const registry = createCompactorRegistry();

describe('deterministic compactors', () => {
  it('html: title, URL, headings, readable text without scripts, styles or navigation', async () => {
    const html = `<!doctype html><html><head><title>Pricing &amp; Plans</title><style>.x{color:red}</style><script>var secret = 1;</script></head>
      <body><nav>Home | About</nav><h1>Plans</h1><p>The Pro plan costs &#36;20 per month.</p><h2>Enterprise</h2><p>Call us.</p></body></html>`;
    const s = await registry.compact(
      make({
        type: 'web_content',
        source: 'web_fetch',
        content: html,
        metadata: { url: 'https://example.com/pricing' },
      }),
    );
    expect(s.compactor).toBe('html');
    expect(s.title).toBe('Pricing & Plans');
    expect(s.text).toContain('https://example.com/pricing');
    expect(s.text).toContain('Headings: Plans | Enterprise');
    expect(s.text).toContain('The Pro plan costs $20 per month.');
    expect(s.text).not.toMatch(/secret|color:red|Home \| About/);
  });

  it('json: the shape, counts and the first items of the largest array', async () => {
    const s = await registry.compact(
      make({
        content: {
          total: 120,
          results: Array.from({ length: 120 }, (_, i) => ({
            id: i,
            tags: ['a'],
            nested: { deep: { x: 1 } },
          })),
        },
      }),
    );
    expect(s.compactor).toBe('json');
    expect(s.text).toContain(
      'JSON { total: number, results: [120 × { id: number, tags: [1 items], nested: {1 keys} }] }',
    );
    expect(s.text).toContain('First items: {"id":0');
  });

  it('table: JSON rows, CSV and Markdown tables with columns, row count and sample rows', async () => {
    const rows = await registry.compact(
      make({
        type: 'database_result',
        content: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}`, price: i * 2 })),
      }),
    );
    expect(rows).toMatchObject({ compactor: 'table' });
    expect(rows.text).toMatch(/^JSON rows: 50 rows × 3 columns \(id, name, price\)\.\n {2}0 \| n0 \| 0/);
    const csv = await registry.compact(make({ content: 'a,b,c\n1,2,3\n4,5,6\n7,8,9' }));
    expect(csv.text).toMatch(/^CSV: 3 rows × 3 columns \(a, b, c\)/);
    const md = await registry.compact(make({ content: '| k | v |\n|---|---|\n| x | 1 |\n| y | 2 |' }));
    expect(md.text).toMatch(/^Markdown table: 2 rows × 2 columns \(k, v\)/);
  });

  it('text: head and tail with the cut marked, on a real README', async () => {
    const readme = readFileSync(new URL('../../../node_modules/semver/README.md', import.meta.url), 'utf8');
    const s = await registry.compact(make({ content: readme }), { maxChars: 400 });
    expect(s.compactor).toBe('text');
    expect(s.text.length).toBeLessThanOrEqual(400);
    expect(s.text).toMatch(/characters omitted …\]/);
  });

  it('user compactors come first, by tool name; a throwing one falls through', async () => {
    const custom = createCompactorRegistry({
      compactors: [
        {
          name: 'broken',
          matches: () => true,
          compact: () => {
            throw new Error('boom');
          },
        },
        {
          name: 'weather',
          matches: (i) => i.source === 'get_weather',
          compact: () => ({ text: 'sunny', compactor: 'weather' }),
        },
      ],
    });
    expect(await custom.compact(make({ source: 'get_weather', content: 'x' }))).toEqual({
      text: 'sunny',
      compactor: 'weather',
    });
    expect((await custom.compact(make({ source: 'other', content: 'plain words' }))).compactor).toBe('text');
  });

  it('property: every built-in compactor that matches returns a summary within maxChars, for any text or JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 2000 }),
          fc.json().map((j) => JSON.parse(j)),
        ),
        fc.integer({ min: 40, max: 800 }),
        async (content, maxChars) => {
          const item = make({ content });
          const sample = typeof content === 'string' ? content : JSON.stringify(content);
          for (const c of builtInCompactors) {
            if (!c.matches(item, sample)) continue;
            let summary: Awaited<ReturnType<typeof c.compact>> | undefined;
            try {
              summary = await c.compact(item, { maxChars });
            } catch {
              continue; // a matcher may accept what its compactor then refuses; the registry falls through
            }
            expect(summary.text.length).toBeLessThanOrEqual(maxChars + 1);
            expect(summary.text.isWellFormed()).toBe(true);
          }
          expect((await registry.compact(item, { maxChars })).text.length).toBeLessThanOrEqual(maxChars + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
