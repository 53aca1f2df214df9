import { readFileSync } from 'node:fs';
import { BadInputError } from './bad-input-error.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an input file, which must be UTF-8 (a leading byte order mark is dropped); a bad-input error when
 * it cannot be read (saying why: no such file, a folder, permission denied), or naming the byte offset (and line) of its first invalid UTF-8 sequence, never a text with
 * U+FFFD in place of the bytes.
 */
export function readInputFile(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BadInputError(`cannot read ${file}: ${whyUnreadable(error as NodeJS.ErrnoException)}`);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    // Valid UTF-8 that does not decode: more text than one string holds.
    if (offset < 0)
      throw new BadInputError(
        `${file} is too large to read (${bytes.length} bytes; a file must hold under 512 MiB of text): split it`,
      );
    const line = bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1;
    const seen = [...bytes.subarray(offset, offset + 4)]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(' ');
    throw new BadInputError(
      `${file} is not valid UTF-8: the first invalid byte sequence is at byte offset ${offset} (line ${line}; bytes ${seen})`,
    );
  }
}

/** Why a file cannot be read, in plain words for the usual causes; the system's message for the rest. */
const unreadable: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
};

/** The plain reason of {@link unreadable} for a read's error, else its message. */
const whyUnreadable = (error: NodeJS.ErrnoException): string =>
  (error.code === undefined ? undefined : unreadable[error.code]) ?? error.message;

/**
 * `parse` of the text of input file `file` ({@link readInputFile}); a bad-input error `parse` throws names the
 * file first (`chat.jsonl: line 3: not JSON (…)`), so the message says where as well as what.
 */
export function parseInputFile<T>(file: string, parse: (text: string) => T): T {
  const text = readInputFile(file);
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof BadInputError)
      throw new BadInputError(`${file}: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * The byte offset where the first invalid UTF-8 sequence starts (as the WHATWG decoder, `TextDecoder` with
 * `fatal`, finds it: overlong forms, surrogates, code points past U+10FFFF and truncated sequences are invalid),
 * or -1 when the bytes are valid UTF-8.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lower : 0x80) || c > (k === 1 ? upper : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}
