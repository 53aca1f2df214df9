import type * as NodeSqlite from 'node:sqlite';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** The first Node whose `node:sqlite` the store passes with (package.json's `engines`). */
const minimumNode = '22.16';

/** The text of the warning Node 22 prints when `node:sqlite` loads (Node 24 prints none). */
export const sqliteWarning = /SQLite is an experimental feature/;

let loaded: typeof NodeSqlite | undefined;

/**
 * Node's built-in `node:sqlite`, loaded on first use (`process.getBuiltinModule`) without the "SQLite is an
 * experimental feature" warning Node 22 prints on every run: engram depends on the module knowingly (its
 * `engines` name the first Node whose module it passes with), so the warning tells a user of engram nothing they
 * can act on. Only that warning is held back, only while the module loads; every other warning passes.
 */
export function nodeSqlite(): typeof NodeSqlite {
  if (loaded) return loaded;
  const emit = process.emitWarning;
  const filtered = (warning: string | Error, ...rest: unknown[]): void => {
    if (sqliteWarning.test(typeof warning === 'string' ? warning : warning.message)) return;
    (emit as (warning: string | Error, ...rest: unknown[]) => void).call(process, warning, ...rest);
  };
  process.emitWarning = filtered as typeof process.emitWarning;
  let module: typeof NodeSqlite | undefined;
  try {
    module = process.getBuiltinModule?.('node:sqlite');
  } finally {
    process.emitWarning = emit;
  }
  // Older Node has no `node:sqlite` (getBuiltinModule answers undefined): say so, not a TypeError later.
  if (module?.DatabaseSync === undefined)
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'sqlite',
      message: `the SQLite store needs Node's built-in node:sqlite (Node ${minimumNode} or later); this is Node ${process.versions.node}`,
    });
  loaded = module;
  return loaded;
}
