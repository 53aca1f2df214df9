import type { MessageCosts } from './message-costs.ts';

/** Counts tokens of plain text; the one primitive the message walker needs from a counter. */
export type CountText = (text: string) => number;

const textSubtypes = /^application\/(json|xml|javascript|ecmascript|x-yaml|yaml|toml|x-sh|sql|graphql|csv)\b/;

/** True for media types whose bytes are text: `text/*`, JSON, XML, YAML, scripts, and `+json`/`+xml` suffixes. */
export function isTextMediaType(mediaType: string | undefined): boolean {
  if (!mediaType) return false;
  const type = mediaType.toLowerCase();
  return (
    type === 'text' || type.startsWith('text/') || textSubtypes.test(type) || /\+(json|xml)\b/.test(type)
  );
}

/** True for `image` and `image/*` media types. */
export function isImageMediaType(mediaType: string | undefined): boolean {
  return mediaType !== undefined && /^image(\/|$)/i.test(mediaType);
}

const decoder = new TextDecoder();

/** The text inside file data when it can be read without fetching: tagged text, or bytes/base64 of a text type. */
function textOf(data: unknown, isText: boolean): string | undefined {
  if (typeof data === 'string') return isText ? Buffer.from(data, 'base64').toString('utf8') : undefined;
  if (data instanceof Uint8Array) return isText ? decoder.decode(data) : undefined;
  if (data instanceof ArrayBuffer) return isText ? decoder.decode(new Uint8Array(data)) : undefined;
  if (data === null || typeof data !== 'object' || data instanceof URL) return undefined;
  const tagged = data as { type?: unknown; text?: unknown; data?: unknown };
  if (tagged.type === 'text' && typeof tagged.text === 'string') return tagged.text;
  if (tagged.type === 'data') return textOf(tagged.data, isText);
  return undefined; // a URL or a provider reference: the size is unknown
}

/**
 * Tokens of an image or file: images cost `imageTokens`; a file whose data is text (tagged `text`, or
 * inline bytes/base64 of a text media type) costs the tokens of that text; any other file `fileTokens`.
 * A filename, when present, adds its own text tokens.
 */
export function mediaTokens(
  mediaType: string | undefined,
  data: unknown,
  filename: string | undefined,
  countText: CountText,
  costs: Readonly<MessageCosts>,
): number {
  const name = filename ? countText(filename) : 0;
  if (isImageMediaType(mediaType)) return name + costs.imageTokens;
  const text = textOf(data, isTextMediaType(mediaType));
  return name + (text === undefined ? costs.fileTokens : countText(text));
}
