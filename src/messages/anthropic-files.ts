/**
 * Files between AI SDK v7 parts and Anthropic `image` / `document` blocks: which source a file's data becomes,
 * and the file part a block's source reads back as. A `url` or `file` source carries no media type: an image by
 * either reads back as `image`, a document by URL as `application/pdf` (the only document Anthropic takes by
 * URL), and a document by file id (a PDF or a plain-text file) as `application/octet-stream`.
 */
import type { UserModelMessage } from 'ai';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import type { AnthropicBlock, AnthropicSource } from './anthropic-types.ts';
import { fullImageMediaType } from './image-media-type.ts';
import { dataToBase64, type NormalizedFileData, normalizeFile } from './schema.ts';

type Part = Exclude<UserModelMessage['content'], string>[number];
type FileBlock = Extract<AnthropicBlock, { type: 'image' | 'document' }>;

const component = 'anthropic-messages';
const refuse = (path: string, problem: string) => new InvalidValueError({ path, problem, component });

/** A file reference's Anthropic id; another provider's id is not one, so a reference without it is refused. */
function anthropicFileId(reference: Record<string, string>, path: string): string {
  const id = reference.anthropic;
  if (id === undefined)
    throw refuse(path, 'cannot express a file reference without an `anthropic` id in Anthropic Messages');
  return id;
}

/** The image formats Anthropic takes as base64 (`Base64ImageSource`). */
const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The source of a file given as data: a JPEG, PNG, GIF or WebP image or a PDF as base64, plain text as a text
 * source (its bytes decoded: Anthropic takes text/plain only that way). Anything else is refused.
 */
function dataSource(
  mediaType: string,
  data: Extract<NormalizedFileData, { type: 'data' }>,
  image: boolean,
  path: string,
): AnthropicSource {
  const full = image ? fullImageMediaType(mediaType, data, path, component) : mediaType;
  if (full === 'application/pdf' || imageTypes.includes(full))
    return { type: 'base64', media_type: full, data: dataToBase64(data.data) };
  if (full !== 'text/plain')
    throw refuse(
      path,
      `a ${mediaType} file given as data: Anthropic takes data only as a JPEG, PNG, GIF or WebP image, a PDF or plain text`,
    );
  const bytes = typeof data.data === 'string' ? Buffer.from(data.data, 'base64') : new Uint8Array(data.data);
  try {
    return { type: 'text', media_type: 'text/plain', data: utf8.decode(bytes) };
  } catch {
    throw refuse(
      path,
      'a text/plain file given as data that is not UTF-8: Anthropic takes plain text only as text',
    );
  }
}

/**
 * A file (its media type and data, in any AI SDK form) as an Anthropic `image` or `document` block; `path`
 * names the part in the errors. What the Messages API has no source for is refused: a document by URL that is
 * not a PDF (Anthropic would read it back as one), a file given as text that is not text/plain (the text source
 * is a plain-text document; an image as text made an `image` block with a text source), data that is not a
 * JPEG, PNG, GIF or WebP image, a PDF or UTF-8 plain text (which is sent as text and reads back as text).
 */
export function toAnthropicFileBlock(
  partMediaType: string,
  raw: unknown,
  path: string,
  filename?: string,
): FileBlock {
  const { mediaType, data } = normalizeFile(partMediaType, raw);
  const image = mediaType.split('/')[0] === 'image';
  if (data.type === 'url' && !image && mediaType !== 'application/pdf')
    throw refuse(
      path,
      `a ${mediaType} file given by URL: Anthropic takes a document by URL only as a PDF (its url source has no media type)`,
    );
  if (data.type === 'text' && mediaType !== 'text/plain')
    throw refuse(
      path,
      `a ${mediaType} file given as text: Anthropic's text source is a text/plain document (give text as text/plain)`,
    );
  const source: AnthropicSource =
    data.type === 'url'
      ? { type: 'url', url: data.url.href }
      : data.type === 'text'
        ? { type: 'text', media_type: 'text/plain', data: data.text }
        : data.type === 'reference'
          ? { type: 'file', file_id: anthropicFileId(data.reference, `${path}.data`) }
          : dataSource(mediaType, data, image, path);
  if (image) return { type: 'image', source };
  return { type: 'document', source, ...(filename !== undefined && { title: filename }) };
}

/** An Anthropic `image` or `document` block as an AI SDK file part. */
export function fromAnthropicFileBlock(b: FileBlock): Extract<Part, { type: 'file' }> {
  const title = b.type === 'document' && b.title !== undefined ? { filename: b.title } : {};
  const s = b.source;
  const image = b.type === 'image';
  if (s.type === 'url')
    return {
      type: 'file',
      mediaType: image ? 'image' : 'application/pdf',
      data: { type: 'url', url: new URL(s.url) },
      ...title,
    };
  if (s.type === 'text')
    return { type: 'file', mediaType: 'text/plain', data: { type: 'text', text: s.data }, ...title };
  if (s.type === 'file')
    return {
      type: 'file',
      mediaType: image ? 'image' : 'application/octet-stream',
      data: { type: 'reference', reference: { anthropic: s.file_id } },
      ...title,
    };
  return { type: 'file', mediaType: s.media_type, data: { type: 'data', data: s.data }, ...title };
}
