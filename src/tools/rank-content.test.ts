import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import { toSearchWords } from '../messages/search-text.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createContentTools } from './content-tools.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
type QueryOutput = { items: { id: string; match?: string }[]; nextCursor?: string; note?: string };
const run = async (tools: ReturnType<typeof createContentTools>, input: Record<string, unknown>) =>
  (await tools.query_memory.execute!(input, { toolCallId: 't', messages: [], context: {} })) as QueryOutput;

describe('query_memory by relevance', () => {
  it('finds a planted fact from a description, first, with the fact in its excerpt', async () => {
    const content = createContentStore({ counter });
    const base =
      'install the package, then configure the service and its deployment; every key is optional. ';
    for (let i = 1; i <= 30; i++) {
      const fact = i === 7 ? 'Internal note: the deployment key for service-7 is K7-5433X. ' : '';
      await content.put({
        type: 'web_content',
        source: 'web_fetch',
        content: `${base.repeat(20 + i)}${fact}${base.repeat(10)}service-${i} deployment key rotated`,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const tools = createContentTools({ content });
    const out = await run(tools, { text: 'the deployment key for service-7' });
    expect(out.items[0]!.match).toContain('K7-5433X');
    const none = await run(tools, { text: 'deployment passphrase zebra' });
    expect(none.note).toMatch(/No item holds every word/);
    expect(none.items.length).toBeGreaterThan(0);
    expect(await run(tools, { text: 'key', cursor: 'abc' })).toEqual({
      error: expect.stringMatching(/not a nextCursor/),
    });
  });

  it('never drops a match the store query finds: paging by relevance lists each of them, and only items holding some word', async () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'service-7', 'key', 'K7-5433X', 'note');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(word, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 25 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        async (docs, q) => {
          const content = createContentStore({ counter });
          for (const [i, d] of docs.entries())
            await content.put({
              type: 'custom',
              source: 'test',
              content: d.join(' '),
              timestamp: new Date(i * 1000),
            });
          const text = q.join(' ');
          const naive = (await content.query({ text, limit: 1000 })).items.map((i) => i.id);
          const tools = createContentTools({ content });
          const seen: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await run(tools, { text, limit: 4, ...(cursor ? { cursor } : {}) });
            seen.push(...page.items.map((i) => i.id));
            cursor = page.nextCursor;
          } while (cursor);
          // Every all-words match is listed, once; the others listed hold some word of the query.
          expect(new Set(seen).size).toBe(seen.length);
          for (const id of naive) expect(seen).toContain(id);
          const any = new Set<string>();
          for (const w of toSearchWords(text))
            for (const i of (await content.query({ text: w, limit: 1000 })).items) any.add(i.id);
          for (const id of seen) expect(any.has(id)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('shows a match in emoji-heavy content without a lone surrogate', async () => {
    const content = createContentStore({ counter });
    await content.put({
      type: 'custom',
      source: 'test',
      content: `${'😀'.repeat(3000)} needle here ${'😀'.repeat(3000)}`,
    });
    const out = await run(createContentTools({ content }), { text: 'needle' });
    expect(out.items[0]!.match).toContain('needle here');
    expect(out.items[0]!.match).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });

  it('shows the match in content where lower-casing lengthens the text before it', async () => {
    const content = createContentStore({ counter });
    await content.put({
      type: 'custom',
      source: 'test',
      content: `${'İzmir İstanbul '.repeat(200)}the vault code is QX-42 ${'x'.repeat(3000)}`,
    });
    const out = await run(createContentTools({ content }), { text: 'vault code' });
    expect(out.items[0]!.match).toContain('vault code is QX-42');
  });
});
