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
import { dataToBase64, normalizeFileData } from './schema.ts';

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

/**
 * A file (its media type and data, in any AI SDK form) as an Anthropic `image` or `document` block; `path`
 * names the part in the errors. A document by URL that is not a PDF is refused: Anthropic takes only PDFs by URL
 * (and would read it back as one). So is a file given as text that is not text/plain (an image as text made an
 * `image` block with a text source, which Anthropic has not): the text source is a plain-text document.
 */
export function toAnthropicFileBlock(
  mediaType: string,
  raw: unknown,
  path: string,
  filename?: string,
): FileBlock {
  const data = normalizeFileData(raw);
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
          : {
              type: 'base64',
              media_type: image ? fullImageMediaType(mediaType, data, path, component) : mediaType,
              data: dataToBase64(data.data),
            };
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
