import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import type { CitationRule } from '../content/citation-policy.ts';
import { citationText } from '../content/cite-tool-results.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { contentToModelOutput } from './content-to-model-output.ts';

const page = Array.from({ length: 400 }, (_, i) => `line ${i}: the quarterly report says revenue grew`).join(
  '\n',
);

describe('contentToModelOutput', () => {
  it('sends a large output in full on first use and stores it; a later conversion gets the citation', async () => {
    const content = createContentStore({ counter: createTokenCounter() });
    const toModelOutput = contentToModelOutput({ content, toolName: 'web_fetch' });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'web_fetch', input: { url: 'https://example.com' } }] },
      { text: 'Revenue grew.' },
    ]);
    const web_fetch = tool({
      inputSchema: jsonSchema<{ url: string }>({ type: 'object', properties: { url: { type: 'string' } } }),
      execute: async () => page,
      toModelOutput,
    });
    await generateText({ model, tools: { web_fetch }, prompt: 'Summarize it.', stopWhen: stepCountIs(3) });

    // Inside the call the model saw the whole page (the SDK converts a result once, when its step ends).
    expect(JSON.stringify(prompts[1])).toContain('line 399: the quarterly report');
    const { items } = await content.query();
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect((await content.retrieve(item.id)).content).toBe(page);

    // Converted again (the next useChat request): the citation, as createCitationMemory writes it.
    const again = await toModelOutput({ toolCallId: 'call_1_0', input: {}, output: page });
    expect(again.type).toBe('text');
    const summary = typeof item.metadata.summary === 'string' ? item.metadata.summary : '';
    expect(again).toEqual({ type: 'text', value: citationText(item, 'web_fetch', summary) });
    expect((again as { value: string }).value).toMatch(
      /^\[engram: web_fetch result stored as content item "tr_/,
    );
    expect((await content.query()).items).toHaveLength(1); // stored once
  });

  it('keeps small outputs as they are, JSON as JSON, and follows the offload rule', async () => {
    const content = createContentStore({ counter: createTokenCounter() });
    const small = contentToModelOutput({ content, toolName: 'calc' });
    expect(await small({ toolCallId: 'c1', input: {}, output: '42' })).toEqual({ type: 'text', value: '42' });
    expect(await small({ toolCallId: 'c2', input: {}, output: { n: 42, skip: undefined } })).toEqual({
      type: 'json',
      value: { n: 42 },
    });
    expect((await content.query()).items).toHaveLength(0);

    const always = contentToModelOutput({ content, toolName: 'rows', rule: { offload: 'always' } });
    const rows = [{ id: 1, name: 'a' }];
    expect(await always({ toolCallId: 'r1', input: {}, output: rows })).toEqual({
      type: 'json',
      value: rows,
    });
    const cited = await always({ toolCallId: 'r1', input: {}, output: rows });
    expect(cited.type).toBe('text');
    expect((await always({ toolCallId: 'r2', input: {}, output: rows })).type).toBe('json'); // another call: first use
  });

  it('refuses bad options and a missing tool call id with typed errors', async () => {
    const content = createContentStore();
    const bad = [
      {},
      { content },
      { content, toolName: '' },
      { content, toolName: 't', summaryChars: -1 },
      { content, toolName: 't', rule: { offload: 'sometimes' } },
    ];
    for (const options of bad) {
      expect(() => contentToModelOutput(options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    }
    // A misspelt option was ignored: citations carried the default 240-character summary.
    expect(() => contentToModelOutput({ content, toolName: 't', summaryChar: 80 } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/contentToModelOutput\(options\)\.summaryChar: not an option/),
      }),
    );
    // A misspelt rule field was ignored: outputs were offloaded at the default 1000 tokens.
    expect(() =>
      contentToModelOutput({ content, toolName: 't', rule: { ofload: 'always' } } as never),
    ).toThrow(
      /contentToModelOutput\(options\)\.rule\.ofload: not an option of contentToModelOutput\(options\)\.rule/,
    );
    // A rule shared with a view's citation policy (a variable, so its keepTurns type-checks) is taken.
    const shared: CitationRule = { offload: 'always', keepTurns: 2 };
    const sharedRule = contentToModelOutput({ content, toolName: 't', rule: shared });
    expect(await sharedRule({ toolCallId: 'c1', input: {}, output: 'x' })).toMatchObject({ type: 'text' });
    const f = contentToModelOutput({ content, toolName: 't' });
    await expect(f({ toolCallId: '', input: {}, output: 'x' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      component: 'ai-sdk',
    });
  });
});
