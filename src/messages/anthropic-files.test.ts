import type { FilePart, ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { arbName, arbText, arbUrl } from '../testing/message-arbitraries.ts';
import { fromAnthropicMessages, toAnthropicMessages } from './anthropic-messages.ts';

const user = (part: unknown) => ({ role: 'user', content: [part] }) as ModelMessage;
const file = (mediaType: string, data: unknown, filename?: string) => ({
  type: 'file',
  mediaType,
  data,
  ...(filename !== undefined && { filename }),
});
const roundTrip = (part: unknown) => fromAnthropicMessages(toAnthropicMessages([user(part)]));
const refusal = (problem: string) =>
  expect.objectContaining({
    code: 'INVALID_ARGUMENT',
    path: 'messages[0].content[0]',
    problem: expect.stringContaining(problem),
  });

const mediaTypes = ['image', 'image/png', 'image/webp', 'application/pdf', 'text/plain', 'text/markdown'];
const arbFile = fc
  .record({
    mediaType: fc.constantFrom(...mediaTypes),
    data: fc.oneof(
      arbUrl.map((url) => ({ type: 'url' as const, url })),
      arbName.map((id) => ({ type: 'reference' as const, reference: { anthropic: id } })),
      arbText.map((text) => ({ type: 'text' as const, text })),
    ),
    filename: fc.option(arbText, { nil: undefined }),
  })
  .map(({ mediaType, data, filename }) => file(mediaType, data, filename) as FilePart);

/**
 * What a file part reads back as after a trip through Anthropic, or `undefined` when the converter must refuse
 * it. Text is a plain-text document (no other media type); an image block has no title, and a url or file source no media type: an image by either reads back as
 * `image`, a document by URL (PDFs only) as `application/pdf`, a document by file id (a PDF or plain text
 * file) as `application/octet-stream`.
 */
function expected(part: FilePart): FilePart | undefined {
  const image = part.mediaType.split('/')[0] === 'image';
  const { filename, ...rest } = part;
  const data = part.data as Exclude<FilePart['data'], string | Uint8Array | ArrayBuffer | URL>;
  if (data.type === 'text') return part.mediaType === 'text/plain' ? part : undefined;
  if (image) return data.type === 'url' || data.type === 'reference' ? { ...rest, mediaType: 'image' } : rest;
  if (data.type === 'url') return part.mediaType === 'application/pdf' ? part : undefined;
  if (data.type === 'reference') return { ...part, mediaType: 'application/octet-stream' };
  return part;
}

describe('Anthropic file blocks', () => {
  it('a file part reads back as the Anthropic block carries it, or is refused naming where and why', () => {
    fc.assert(
      fc.property(arbFile, (part) => {
        const want = expected(part);
        if (want === undefined) expect(() => roundTrip(part)).toThrow(InvalidValueError);
        else expect(roundTrip(part)).toEqual([user(want)]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a document by URL that is not a PDF (Anthropic reads it back as one)', () => {
    const url = new URL('https://x.test/notes.txt');
    for (const mediaType of ['text/plain', 'application/octet-stream', 'text/csv'])
      expect(() => toAnthropicMessages([user(file(mediaType, { type: 'url', url }))])).toThrow(
        refusal(`a ${mediaType} file given by URL`),
      );
    expect(toAnthropicMessages([user(file('application/pdf', url))]).messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'url', url: url.href } },
    ]);
  });

  it('reads a document by file id back as application/octet-stream: the file source says not whether it is a PDF or text', () => {
    const text = file('text/plain', { type: 'reference', reference: { anthropic: 'file_1' } }, 'a.txt');
    const request = toAnthropicMessages([user(text)]);
    expect(request.messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'file', file_id: 'file_1' }, title: 'a.txt' },
    ]);
    expect(fromAnthropicMessages(request)).toEqual([
      user({ ...text, mediaType: 'application/octet-stream' }),
    ]);
  });

  it('refuses a file given as text unless it is text/plain: the text source is a plain-text document, never an image', () => {
    for (const mediaType of ['image/png', 'image', 'text/markdown', 'application/pdf'])
      expect(() => toAnthropicMessages([user(file(mediaType, { type: 'text', text: 'hi' }))])).toThrow(
        refusal(`a ${mediaType} file given as text`),
      );
    const text = file('text/plain', { type: 'text', text: 'hi' }, 'a.txt');
    const request = toAnthropicMessages([user(text)]);
    expect(request.messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hi' }, title: 'a.txt' },
    ]);
    expect(fromAnthropicMessages(request)).toEqual([user(text)]);
  });
});
