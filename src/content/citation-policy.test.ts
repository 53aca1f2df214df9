import { describe, expect, it } from 'vitest';
import { contentToModelOutput } from '../ai-sdk/content-to-model-output.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { citationPolicyKey, resolveCitationPolicy } from './citation-policy.ts';
import { createContentStore } from './create-content-store.ts';

const defaults = { offload: { overTokens: 1000 }, keepTurns: 1, type: 'action_result' };
const big = 'the quarterly report says revenue grew\n'.repeat(400);

describe('resolveCitationPolicy', () => {
  it('takes a field given as undefined as left out: the default rule fills it', () => {
    // A rule built from a config (`{ offload: cfg.offload }`) carries its unset fields as undefined.
    const rule = resolveCitationPolicy({
      default: { offload: undefined, keepTurns: undefined, type: undefined },
      tools: { search: { offload: undefined, keepTurns: 3, type: undefined } },
    });
    expect(rule('other')).toEqual(defaults);
    expect(rule('search')).toEqual({ ...defaults, keepTurns: 3 });
    const tuned = resolveCitationPolicy({
      default: { offload: 'always', type: 'web_content' },
      tools: { search: { offload: undefined, keepTurns: 2 } },
    });
    expect(tuned('search')).toEqual({ offload: 'always', keepTurns: 2, type: 'web_content' });
    // What the policy stores is the same as without the undefined fields.
    expect(citationPolicyKey({ default: { offload: undefined, type: undefined } })).toBe(
      citationPolicyKey({}),
    );
  });

  it('offloads under a rule whose offload is undefined as under the default, not with a TypeError', async () => {
    const content = createContentStore({ counter: createTokenCounter() });
    const toModelOutput = contentToModelOutput({
      content,
      toolName: 'web_fetch',
      rule: { offload: undefined },
    });
    const first = await toModelOutput({ toolCallId: 'call_1', input: {}, output: big });
    expect(first).toEqual({ type: 'text', value: big });
    const { items } = await content.query();
    expect(items.map((i) => i.type)).toEqual(['action_result']);
  });

  it('refuses a type no content item can have, when the policy is given, not by leaving every result in full', async () => {
    const content = createContentStore({ counter: createTokenCounter() });
    for (const type of ['a\u0000b', 'x'.repeat(257), 'a\ud800', '']) {
      expect(() => resolveCitationPolicy({ tools: { web_fetch: { type } } })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('.type') }),
      );
      expect(() =>
        contentToModelOutput({ content, toolName: 'web_fetch', rule: { offload: 'always', type } }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    }
    expect(resolveCitationPolicy({ default: { type: 'x'.repeat(256) } })('any').type).toHaveLength(256);
  });
});
