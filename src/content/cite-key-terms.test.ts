import { describe, expect, it } from 'vitest';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createToolResultCiter } from './cite-tool-results.ts';
import { createContentStore } from './create-content-store.ts';

describe('citations carry key terms', () => {
  it("keeps a result's identifiers and numbers in its item's metadata, its index and its citation", async () => {
    const counter = createTokenCounter({ encoding: 'o200k_base' });
    const content = createContentStore({ counter });
    const page = `${'<p>How to install and configure the client library.</p>'.repeat(200)}<p>Internal note: the deployment key for service-7 is K7-5433X.</p>`;
    const at = new Date(Date.UTC(2026, 0, 1));
    const entries: LogEntry[] = [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'web_fetch', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'web_fetch',
            output: { type: 'text', value: page },
          },
        ],
      },
      { role: 'assistant', content: 'noted' },
    ].map((m, i) => {
      const message = { ...m, id: `m${i}`, createdAt: at } as MemoryMessage;
      return { seq: i + 1, message, tokens: counter.count(message) };
    });
    const citer = createToolResultCiter({
      content,
      logKey: 's1',
      policy: { default: { offload: 'always', keepTurns: 1 } },
    });
    const { messages } = await citer.cite(entries);
    const cited = JSON.stringify(messages[1]);
    expect(cited).toMatch(/Key terms: [^"]*service-7[^"]*K7-5433X/);
    const [info] = (await content.query({ text: 'K7-5433X' })).items;
    expect(info!.metadata.terms).toEqual(expect.arrayContaining(['service-7', 'K7-5433X']));
    expect(info!.metadata.citationTokens).toBe(counter.countText(JSON.parse(cited).content[0].output.value));
  });
});
