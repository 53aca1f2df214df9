import { checkInteger } from '../../core/check-options.ts';
/** The memory tool's root directory: every path the model names is under it. */
export const memoryRoot = '/memories';

/** The most UTF-8 bytes one name (a path segment) may have, as on common file systems. */
export const maxNameBytes = 255;

/** A path the memory tool accepted. */
export interface MemoryPath {
  /** The canonical path: `/memories` or `/memories/a/b` (no trailing slash). */
  path: string;
  /** Its names below `/memories` (empty for the root). */
  segments: string[];
  /** Whether it was written as a directory: with a trailing `/`, or `/memories` itself. */
  directory: boolean;
}

/** What {@link parseMemoryPath} says: the path, or why it was refused (a sentence for the model). */
export type ParsedMemoryPath = ({ ok: true } & MemoryPath) | { ok: false; reason: string };

/** Letters, combining marks, decimal digits, space and `_ - . + ( ) ,`: nothing a file system or URL reads as syntax. */
const nameCharacters = /^[\p{L}\p{M}\p{Nd} _\-.+(),]+$/u;
/**
 * Control, format (zero-width, bidi), line and paragraph separator, surrogate and unassigned characters, and the
 * default-ignorable ones that render as nothing though they are letters or marks (Hangul fillers, variation
 * selectors, the combining grapheme joiner): `notes\u115F.md` would show as `notes.md` and be another file.
 */
const invisible = /[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Checks a path the model sent and returns its canonical form, or the reason it is refused. The rules are an
 * allow-list, so no spelling of a path can name anything outside `/memories`: the path starts with exactly
 * `/memories` (case-sensitive) followed by `/`-separated names; it is Unicode NFKC-stable (so a fullwidth dot
 * U+FF0E, a one-dot leader U+2024 or a ligature, which normalize into `.` or letters, is refused rather than
 * silently read as another name); a name is made of letters, marks, digits, spaces and `_ - . + ( ) ,` only
 * (no `\`, `%`, `:`, `~`, `*`, `>`, look-alike slashes such as U+2215, controls or invisible characters), does
 * not start with a dot or a space, does not end with a dot or a space, holds no `..`, and has at most 255
 * UTF-8 bytes; `//` is refused; one trailing `/` is allowed and marks a directory (`directory`: a command on a file refuses it). The whole path has at most
 * `maxPathLength` characters.
 */
export function parseMemoryPath(value: unknown, maxPathLength: number): ParsedMemoryPath {
  checkInteger(maxPathLength, 'parseMemoryPath(value, maxPathLength): maxPathLength', 'memory-tool', 1);
  const refuse = (reason: string): ParsedMemoryPath => ({ ok: false, reason });
  if (typeof value !== 'string') return refuse('a path must be a string');
  if (value === '') return refuse('the path is empty');
  if (value.length > maxPathLength)
    return refuse(`the path has ${value.length} characters; the most is ${maxPathLength}`);
  if (!value.isWellFormed() || invisible.test(value))
    return refuse('the path contains a control, invisible or unpaired surrogate character');
  if (value.normalize('NFKC') !== value)
    return refuse(
      'the path contains compatibility characters (such as fullwidth or look-alike dots and letters); write plain characters',
    );
  if (value !== memoryRoot && !value.startsWith(`${memoryRoot}/`))
    return refuse(`the path must be ${memoryRoot} or start with ${memoryRoot}/`);
  let rest = value.slice(memoryRoot.length + 1);
  const directory = rest === '' || rest.endsWith('/');
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  const segments = rest === '' ? [] : rest.split('/');
  for (const name of segments) {
    const problem = nameProblem(name);
    if (problem) return refuse(problem);
  }
  return {
    ok: true,
    path: segments.length === 0 ? memoryRoot : `${memoryRoot}/${segments.join('/')}`,
    segments,
    directory,
  };
}

function nameProblem(name: string): string | undefined {
  if (name === '') return 'the path has an empty name (`//`)';
  if (name === '.' || name === '..' || name.includes('..'))
    return 'the path may not contain `..` or `.` names';
  if (name.startsWith('.')) return 'a name may not start with a dot';
  if (name.startsWith(' ') || name.endsWith(' ') || name.endsWith('.'))
    return 'a name may not start or end with a space, nor end with a dot';
  if (!nameCharacters.test(name))
    return 'a name may contain only letters, digits, spaces and the characters _ - . + ( ) ,';
  if (Buffer.byteLength(name, 'utf8') > maxNameBytes) return `a name may have at most ${maxNameBytes} bytes`;
  return undefined;
}

/** A path as the model may read it in a refusal: quoted and escaped, cut to 120 characters. */
export function showPath(value: unknown): string {
  if (typeof value !== 'string') return String(typeof value);
  const quoted = JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  return quoted.replace(
    /[\u2028\u2029\p{Cf}]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
