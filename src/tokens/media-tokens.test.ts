import { describe, expect, it } from 'vitest';
import { isImageMediaType, isTextMediaType, mediaTokens } from './media-tokens.ts';
import { DEFAULT_MESSAGE_COSTS, resolveMessageCosts } from './message-costs.ts';

describe('media types', () => {
  it.each(['text', 'text/plain', 'text/csv', 'application/json', 'application/ld+json', 'image/svg+xml'])(
    '%s is text',
    (type) => expect(isTextMediaType(type)).toBe(true),
  );
  it.each(['application/pdf', 'audio/wav', 'image/png', undefined])('%s is not text', (type) =>
    expect(isTextMediaType(type)).toBe(false),
  );
  it('recognizes images', () => {
    expect(isImageMediaType('image')).toBe(true);
    expect(isImageMediaType('IMAGE/PNG')).toBe(true);
    expect(isImageMediaType('imagery/x')).toBe(false);
  });
});

describe('mediaTokens', () => {
  const length = (text: string) => text.length;
  it('prices an image, a text file by its text, and anything else at fileTokens', () => {
    expect(mediaTokens('image/png', 'aGk=', undefined, length, DEFAULT_MESSAGE_COSTS)).toBe(765);
    expect(mediaTokens('text/plain', 'aGVsbG8=', undefined, length, DEFAULT_MESSAGE_COSTS)).toBe(5);
    expect(mediaTokens('application/pdf', 'aGk=', 'a.pdf', length, DEFAULT_MESSAGE_COSTS)).toBe(1500 + 5);
    expect(
      mediaTokens('text/plain', new URL('https://x.test/a.txt'), undefined, length, DEFAULT_MESSAGE_COSTS),
    ).toBe(1500);
    expect(
      mediaTokens(
        'text/plain',
        { type: 'reference', reference: { openai: 'f' } },
        undefined,
        length,
        DEFAULT_MESSAGE_COSTS,
      ),
    ).toBe(1500);
  });
  it('merges cost options over the defaults', () => {
    expect(resolveMessageCosts({ imageTokens: 85 })).toEqual({ ...DEFAULT_MESSAGE_COSTS, imageTokens: 85 });
  });
});
