import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import type { NormalizedFileData } from './schema.ts';

/** The leading bytes of each image format both OpenAI and Anthropic take (`undefined` matches any byte). */
const signatures: readonly [string, readonly (number | undefined)[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  [
    'image/webp',
    [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50],
  ],
];

function leadingBytes(data: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof data === 'string') return Buffer.from(data.slice(0, 24), 'base64');
  return (data instanceof Uint8Array ? data : new Uint8Array(data)).subarray(0, 12);
}

/**
 * The full media type of an image given as data: `mediaType` when it names a subtype, else the one its bytes
 * show (PNG, JPEG, GIF or WebP). An image whose subtype is neither given nor shown is refused with
 * `INVALID_ARGUMENT` at `path`, rather than sent as `image/jpeg` unseen (the provider would take the bytes for
 * what the label says, and the message would read back as a JPEG).
 */
export function fullImageMediaType(
  mediaType: string,
  data: Extract<NormalizedFileData, { type: 'data' }>,
  path: string,
  component: string,
): string {
  const subtype = mediaType.split('/')[1];
  if (subtype !== undefined && subtype !== '' && subtype !== '*') return mediaType;
  const bytes = leadingBytes(data.data);
  const found = signatures.find(([, s]) => s.every((b, i) => b === undefined || bytes[i] === b));
  if (found) return found[0];
  throw new InvalidValueError({
    path,
    problem: `an image given as data with media type '${mediaType}' whose bytes are not PNG, JPEG, GIF or WebP: give its full media type`,
    component,
  });
}
