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

const mediaTypes = [
  'image',
  'image/png',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/octet-stream',
];
/** Bytes (as a Uint8Array or base64): UTF-8 text, or any bytes. */
const arbBytes = fc
  .tuple(
    fc.oneof(
      fc.string({ maxLength: 12 }).map((t) => new Uint8Array(Buffer.from(t))),
      fc.uint8Array({ maxLength: 12 }),
    ),
    fc.boolean(),
  )
  .map(([bytes, base64]) => ({
    type: 'data' as const,
    data: base64 ? Buffer.from(bytes).toString('base64') : bytes,
  }));
const arbFile = fc
  .record({
    mediaType: fc.constantFrom(...mediaTypes),
    data: fc.oneof(
      arbUrl.map((url) => ({ type: 'url' as const, url })),
      arbName.map((id) => ({ type: 'reference' as const, reference: { anthropic: id } })),
      arbText.map((text) => ({ type: 'text' as const, text })),
      arbBytes,
    ),
    filename: fc.option(arbText, { nil: undefined }),
  })
  // An image without a subtype given as data takes the one its bytes show: image-media-type.test.ts.
  .filter(({ mediaType, data }) => mediaType !== 'image' || data.type !== 'data')
  .map(({ mediaType, data, filename }) => file(mediaType, data, filename) as FilePart);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The text of UTF-8 bytes, or undefined when they are not UTF-8. */
function textOf(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * What a file part reads back as after a trip through Anthropic, or `undefined` when the converter must refuse
 * it (what the Messages API has no block for). Text is a plain-text document (of no other media type); data is
 * an image (JPEG, PNG, GIF or WebP), a PDF, or plain text (sent and read back as text: UTF-8 only). An image
 * block has no title, and a url or file source no media type: an image by either reads back as `image`, a
 * document by URL (PDFs only) as `application/pdf`, a document by file id (a PDF or plain-text file) as
 * `application/octet-stream`.
 */
function expected(part: FilePart): FilePart | undefined {
  const image = part.mediaType.split('/')[0] === 'image';
  const { filename, ...rest } = part;
  const data = part.data as Exclude<FilePart['data'], string | Uint8Array | ArrayBuffer | URL>;
  if (data.type === 'text') return part.mediaType === 'text/plain' ? part : undefined;
  if (data.type === 'data') {
    const bytes =
      typeof data.data === 'string' ? Buffer.from(data.data, 'base64') : Buffer.from(data.data as Uint8Array);
    const base64 = {
      type: 'data' as const,
      data: typeof data.data === 'string' ? data.data : bytes.toString('base64'),
    };
    if (image)
      return ['image/png', 'image/webp'].includes(part.mediaType) ? { ...rest, data: base64 } : undefined;
    if (part.mediaType === 'application/pdf') return { ...part, data: base64 };
    const text = part.mediaType === 'text/plain' ? textOf(bytes) : undefined;
    return text === undefined ? undefined : { ...part, data: { type: 'text', text } };
  }
  if (image) return { ...rest, mediaType: 'image' };
  if (data.type === 'url') return part.mediaType === 'application/pdf' ? part : undefined;
  return { ...part, mediaType: 'application/octet-stream' };
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

  it('refuses data Anthropic has no source for, and sends plain-text bytes as a text source', () => {
    const bytes = new Uint8Array(Buffer.from('héllo'));
    for (const mediaType of [
      'image/bmp',
      'image/svg+xml',
      'text/csv',
      'application/octet-stream',
      'audio/wav',
    ])
      expect(() => toAnthropicMessages([user(file(mediaType, bytes))])).toThrow(
        refusal(`a ${mediaType} file given as data`),
      );
    expect(() => toAnthropicMessages([user(file('text/plain', new Uint8Array([0xff, 0xfe, 0x41])))])).toThrow(
      refusal('not UTF-8'),
    );
    const request = toAnthropicMessages([user(file('text/plain', bytes, 'a.txt'))]);
    expect(request.messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'héllo' }, title: 'a.txt' },
    ]);
    expect(fromAnthropicMessages(request)).toEqual([
      user(file('text/plain', { type: 'text', text: 'héllo' }, 'a.txt')),
    ]);
  });
});
