import { readFileSync } from 'node:fs';
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

/**
 * The rank module's text, read asynchronously, for `scanBpeRanks`; undefined when the module is not on disk
 * (inside a bundle) or cannot be read: the caller then imports it ({@link importBpeRanks}).
 */
export async function readRankModule(encoding: BpeEncoding): Promise<string | undefined> {
  const file = rankFile(encoding);
  return file === undefined ? undefined : readFile(file, 'utf8').catch(() => undefined);
}

/** {@link readRankModule}, synchronously (a 2.4 MB read, a few milliseconds); undefined where it is not readable. */
export function readRankModuleSync(encoding: BpeEncoding): string | undefined {
  const file = rankFile(encoding);
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // the caller requires the module instead, which says what is wrong
  }
}
