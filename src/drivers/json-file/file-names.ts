import { createHash } from 'node:crypto';

const literal = /^[a-z0-9-]$/;
const maxEncodedLength = 160;

/**
 * A file-system-safe name for any id: `a-z`, `0-9` and `-` stay as they are, every other UTF-8 byte becomes
 * `_XX` (upper-case hex). Names are therefore unique even on case-insensitive file systems (`A` → `_41`), contain
 * no `.`, `/` or `\`, and never start with a bare `_` followed by a non-hex letter (so `_state.json` is free).
 * Encodings longer than 160 characters become `~` + the SHA-256 of the id; the document stores the original.
 */
export function encodeFileName(id: string): string {
  let out = '';
  for (const ch of id) {
    if (literal.test(ch)) out += ch;
    else
      for (const byte of Buffer.from(ch, 'utf8'))
        out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (out.length <= maxEncodedLength) return out;
  return `~${createHash('sha256').update(id, 'utf8').digest('hex')}`;
}

/** The id an {@link encodeFileName} name stands for, or undefined for a hashed name (read the document instead). */
export function decodeFileName(name: string): string | undefined {
  if (name.startsWith('~')) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '_') {
      bytes.push(Number.parseInt(name.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(name.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
