import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { BpeEncoding } from './model-encodings.ts';

/** A BPE rank table as gpt-tokenizer ships it: each token (text, or its bytes) at its rank. */
export type BpeDecoder = (string | number[])[];

const require = createRequire(import.meta.url);

/** gpt-tokenizer's rank module of each encoding. */
export const rankModules: Record<BpeEncoding, string> = {
  o200k_base: 'gpt-tokenizer/bpeRanks/o200k_base',
  cl100k_base: 'gpt-tokenizer/bpeRanks/cl100k_base',
};

/**
 * The rank modules by `import()` with literal specifiers, so a bundler (esbuild, webpack, Vite) sees and bundles
 * them; the way a bundled program, which has no `node_modules` beside it, loads the tables.
 */
const rankImports: Record<BpeEncoding, () => Promise<{ default: BpeDecoder }>> = {
  o200k_base: () => import('gpt-tokenizer/bpeRanks/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/bpeRanks/cl100k_base'),
};

/** The rank table by `import()` (parsed by the module loader in one go; works inside a bundle). */
export async function importBpeRanks(encoding: BpeEncoding): Promise<BpeDecoder> {
  return (await rankImports[encoding]()).default;
}

/**
 * The rank table by `require` (one synchronous parse of a 2 MB module: about half a second). Inside a bundle the
 * module is not on disk: throws `MISSING_DEPENDENCY` saying to load the tables first (`await counter.load()`;
 * engram's own stores and views do so before they count).
 */
export function requireBpeRanks(encoding: BpeEncoding): BpeDecoder {
  try {
    return require(rankModules[encoding]).default;
  } catch (error) {
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'tokens',
      message: `the ${encoding} token tables cannot be loaded synchronously here (${error instanceof Error ? error.message : String(error)}); in a bundled program, call \`await counter.load()\` before counting synchronously`,
      cause: error,
    });
  }
}

/** Where the rank module's file is, or undefined where it is not on disk (inside a bundle). */
function rankFile(encoding: BpeEncoding): string | undefined {
  try {
    return require.resolve(rankModules[encoding]);
  } catch {
    return undefined; // not resolvable from here: the caller imports the module instead
  }
}

/** Characters of the rank module parsed as one JSON array at a time (about 5,000 tokens). */
const chunkChars = 65_536;

/**
 * The rank table read without blocking the event loop for long: the module's text read asynchronously and its
 * array literals parsed as JSON some 64 KB at a time, a `setImmediate` turn between. The module is
 * generated (`const c0 = [ … ]; const c1 = [ … ]; const bpe = c0.concat(c1);`, a token per line); a line JSON
 * parses exactly as the JS literal it is (raw control characters inside strings escaped first) or the parse
 * throws. Undefined when the module is not on disk (inside a bundle) or its text is not in that form: the caller then
 * imports it ({@link importBpeRanks}).
 */
export async function readBpeRanks(encoding: BpeEncoding): Promise<BpeDecoder | undefined> {
  const file = rankFile(encoding);
  if (file === undefined) return undefined;
  const text = await readFile(file, 'utf8');
  const blocks: { start: number; end: number }[] = [];
  const names: string[] = [];
  const opening = /^const (c\d+) = \[$/gm;
  for (let m = opening.exec(text); m; m = opening.exec(text)) {
    const start = m.index + m[0].length + 1;
    const end = text.indexOf('\n];', start - 1);
    if (end < 0) return undefined;
    names.push(m[1]!);
    blocks.push({ start, end });
  }
  const joined = names.length > 1 ? `${names[0]}.concat(${names.slice(1).join(', ')})` : names[0];
  if (!text.includes(`\nconst bpe = ${joined};\n`)) return undefined;
  const out: BpeDecoder = [];
  for (const block of blocks) {
    for (let at = block.start; at < block.end; ) {
      // A chunk ends before a line that starts a token (one tab, then a string or an array; a byte array
      // may span lines, its inner lines indented twice).
      let cut = block.end;
      if (at + chunkChars < block.end) {
        const found = [text.indexOf('\n\t"', at + chunkChars), text.indexOf('\n\t[', at + chunkChars)].filter(
          (i) => i >= 0 && i < block.end,
        );
        if (found.length > 0) cut = Math.min(...found);
      }
      const parsed = parseChunk(text.slice(at, cut));
      if (!parsed) return undefined;
      for (const token of parsed) out.push(token);
      at = cut + 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return out;
}

/**
 * Token literals separated by commas and newlines, parsed as a JSON array: indentation dropped, the JS-only
 * escapes `\xHH`, `\v` and `\0` written as `\uXXXX`, raw control characters escaped. Undefined when that is
 * not valid JSON (another JS-only form).
 */
function parseChunk(body: string): BpeDecoder | undefined {
  const json = body
    .replace(/^\t+/gm, '')
    .replace(/,\s*$/, '')
    .replace(
      /\\(?:x([0-9A-Fa-f]{2})|(v)|(0)(?![0-9])|[\s\S])/g,
      (all, hex: string, v: string, zero: string) =>
        hex ? `\\u00${hex}` : v ? '\\u000b' : zero ? '\\u0000' : all,
    )
    .replace(
      /[\u0000-\u0009\u000b\u000c\u000e-\u001f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  try {
    const parsed: unknown = JSON.parse(`[${json}]`);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
