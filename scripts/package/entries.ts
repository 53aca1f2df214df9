import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The package's `package.json`, as far as the scripts read it. */
export interface PackageJson {
  name: string;
  exports: Record<string, { types: string; default: string }>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  engines?: { node?: string };
}

/** One entry point of the package. */
export interface PackageEntry {
  /** The specifier a user imports: `engram`, `engram/sqlite`, … */
  specifier: string;
  /** The absolute path of the source file the entry is built from (`src/sqlite.ts`). */
  source: string;
}

/** Reads the repository's `package.json`. */
export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

/** The package's entry points, from the `exports` of `package.json` (`./dist/x.js` is built from `src/x.ts`). */
export function packageEntries(packageJson: PackageJson = readPackageJson()): PackageEntry[] {
  return Object.entries(packageJson.exports).map(([subpath, target]) => ({
    specifier: subpath === '.' ? packageJson.name : `${packageJson.name}/${subpath.slice(2)}`,
    source: join(root, target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
  }));
}
