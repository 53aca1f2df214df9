/**
 * Files between AI SDK v7 parts and Anthropic `image` / `document` blocks: which source a file's data becomes,
 * and the file part a block's source reads back as.
 */
import type { UserModelMessage } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { AnthropicBlock, AnthropicSource } from './anthropic-types.ts';
import { dataToBase64, normalizeFileData } from './schema.ts';

type Part = Exclude<UserModelMessage['content'], string>[number];
type FileBlock = Extract<AnthropicBlock, { type: 'image' | 'document' }>;

/** A file reference's Anthropic id; another provider's id is not one, so a reference without it is refused. */
function anthropicFileId(reference: Record<string, string>): string {
  const id = reference.anthropic;
  if (id === undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'anthropic-messages',
      message: 'cannot express a file reference without an `anthropic` id in Anthropic Messages',
    });
  return id;
}

/** A file (its media type and data, in any AI SDK form) as an Anthropic `image` or `document` block. */
export function toAnthropicFileBlock(mediaType: string, raw: unknown, filename?: string): FileBlock {
  const data = normalizeFileData(raw);
  const image = mediaType.startsWith('image');
  const source: AnthropicSource =
    data.type === 'url'
      ? { type: 'url', url: data.url.href }
      : data.type === 'text'
        ? { type: 'text', media_type: 'text/plain', data: data.text }
        : data.type === 'reference'
          ? { type: 'file', file_id: anthropicFileId(data.reference) }
          : {
              type: 'base64',
              media_type: image && !mediaType.includes('/') ? 'image/jpeg' : mediaType,
              data: dataToBase64(data.data),
            };
  if (image) return { type: 'image', source };
  return { type: 'document', source, ...(filename !== undefined && { title: filename }) };
}

/** An Anthropic `image` or `document` block as an AI SDK file part. */
export function fromAnthropicFileBlock(b: FileBlock): Extract<Part, { type: 'file' }> {
  const title = b.type === 'document' && b.title !== undefined ? { filename: b.title } : {};
  const s = b.source;
  const fallback = b.type === 'image' ? 'image' : 'application/pdf';
  if (s.type === 'url')
    return { type: 'file', mediaType: fallback, data: { type: 'url', url: new URL(s.url) }, ...title };
  if (s.type === 'text')
    return { type: 'file', mediaType: 'text/plain', data: { type: 'text', text: s.data }, ...title };
  if (s.type === 'file')
    return {
      type: 'file',
      mediaType: fallback,
      data: { type: 'reference', reference: { anthropic: s.file_id } },
      ...title,
    };
  return { type: 'file', mediaType: s.media_type, data: { type: 'data', data: s.data }, ...title };
}
