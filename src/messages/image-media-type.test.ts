import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { fromAnthropicMessages, toAnthropicMessages } from './anthropic-messages.ts';
import { fromOpenAIChatMessages, toOpenAIChatMessages } from './openai-chat.ts';

/** The first bytes of each image format OpenAI and Anthropic take, by media type. */
const signatures: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/gif': [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50],
};
/** Image bytes of a known format (its media type) or of none (`undefined`), as bytes or base64. */
const arbImageBytes = fc
  .tuple(
    fc.constantFrom<string | undefined>(...Object.keys(signatures), undefined),
    fc.uint8Array({ maxLength: 12 }),
    fc.boolean(),
  )
  .filter(
    ([type, rest]) => type !== undefined || rest.length === 0 || ![0x89, 0xff, 0x47, 0x52].includes(rest[0]!),
  )
  .map(([type, rest, base64]) => {
    const bytes = Uint8Array.from([...(type ? signatures[type]! : []), ...rest]);
    return { type, data: base64 ? Buffer.from(bytes).toString('base64') : bytes };
  });

const converters: [string, (m: ModelMessage[]) => ModelMessage[]][] = [
  ['Anthropic', (m) => fromAnthropicMessages(toAnthropicMessages(m))],
  ['OpenAI Chat', (m) => fromOpenAIChatMessages(toOpenAIChatMessages(m))],
];

describe.each(converters)('an image given as data without a subtype (%s)', (_name, roundTrip) => {
  it('is sent with the subtype its bytes show, or refused naming the part: never labelled image/jpeg unseen', () => {
    fc.assert(
      fc.property(
        arbImageBytes,
        fc.constantFrom('image', 'image/*'),
        fc.boolean(),
        (bytes, mediaType, legacy) => {
          const part = legacy
            ? { type: 'image' as const, image: bytes.data, ...(mediaType === 'image' ? {} : { mediaType }) }
            : { type: 'file' as const, mediaType, data: { type: 'data' as const, data: bytes.data } };
          const messages: ModelMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'see' }, part] }];
          if (bytes.type === undefined) {
            expect(() => roundTrip(messages)).toThrow(InvalidValueError);
            expect(() => roundTrip(messages)).toThrow(
              expect.objectContaining({ path: 'messages[0].content[1]' }),
            );
            return;
          }
          const [back] = roundTrip(messages) as {
            content: { mediaType?: string; data?: { data: string } }[];
          }[];
          const file = back?.content[1];
          expect(file?.mediaType).toBe(bytes.type);
          expect(file?.data?.data).toBe(
            typeof bytes.data === 'string' ? bytes.data : Buffer.from(bytes.data).toString('base64'),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
