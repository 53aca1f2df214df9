import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbUrl } from '../testing/message-arbitraries.ts';
import { fromAnthropicMessages, toAnthropicMessages } from './anthropic-messages.ts';
import { fromOpenAIChatMessages, toOpenAIChatMessages } from './openai-chat.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
/** The forms the AI SDK takes a URL in: a string, a `URL`, tagged url data. */
const urlForms = (href: string) => [href, new URL(href), { type: 'url', url: new URL(href) }];
/** An image part holding `data`, with media type `image/png` or none (an `image` part takes no tagged data). */
const arbImagePart = (data: unknown) =>
  fc
    .tuple(fc.boolean(), fc.boolean())
    .map(([legacy, typed]) =>
      legacy && !(data as { type?: string }).type
        ? { type: 'image', image: data, ...(typed && { mediaType: 'image/png' }) }
        : { type: 'file', data, mediaType: typed ? 'image/png' : 'image' },
    );

const converters: [string, (m: ModelMessage[]) => ModelMessage[]][] = [
  ['Anthropic', (m) => fromAnthropicMessages(toAnthropicMessages(m))],
  ['OpenAI Chat', (m) => fromOpenAIChatMessages(toOpenAIChatMessages(m))],
];

/** The AI SDK reads a string that parses as a URL as that URL, and a `data:` URL as the data it holds. */
describe.each(converters)('file data given as a URL, in any of its forms (%s)', (_name, roundTrip) => {
  const partOf = (messages: ModelMessage[]) => (messages as { content: unknown[] }[])[0]?.content[0];

  it('a web URL, even as a string, is sent as that URL (never as base64 of its text)', () => {
    const arb = arbUrl.chain((url) =>
      fc
        .constantFrom(...urlForms(url.href))
        .chain((data) => arbImagePart(data).map((part) => ({ url, part }))),
    );
    fc.assert(
      fc.property(arb, ({ url, part }) => {
        const back = partOf(roundTrip([{ role: 'user', content: [part] } as ModelMessage]));
        expect(back).toMatchObject({ type: 'file', data: { type: 'url', url } });
      }),
      { numRuns: 100 },
    );
  });

  it('a base64 data: URL is sent as its data, with the media type it names', () => {
    const arb = fc
      .constantFrom(...urlForms(`data:image/png;base64,${png}`))
      .chain((data) => arbImagePart(data));
    fc.assert(
      fc.property(arb, (part) => {
        const back = partOf(roundTrip([{ role: 'user', content: [part] } as ModelMessage]));
        expect(back).toEqual({ type: 'file', mediaType: 'image/png', data: { type: 'data', data: png } });
      }),
      { numRuns: 50 },
    );
  });
});
