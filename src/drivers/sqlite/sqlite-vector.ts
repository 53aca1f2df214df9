import { MemoryError } from '../../core/errors/memory-error.ts';
import type { SqliteDatabaseLike } from './sqlite-client.ts';

/** How the driver treats sqlite-vec: `'auto'` loads it when installed, `true` requires it, `false` skips it. */
export type SqliteVectorMode = 'auto' | boolean;

/** The part of the `sqlite-vec` package the driver uses. */
interface SqliteVecModule {
  getLoadablePath(): string;
}

/** Imports a module by name (injectable for tests). */
export type ModuleImporter = (name: string) => Promise<unknown>;

const importModule: ModuleImporter = (name) => import(/* @vite-ignore */ name);

/** Whether sqlite-vec's functions are already on the handle (the caller loaded the extension itself). */
function hasSqliteVec(db: SqliteDatabaseLike): boolean {
  try {
    db.prepare('SELECT vec_version() AS v').get();
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the sqlite-vec extension into `db` when the `sqlite-vec` package is installed (or finds it already
 * loaded on a handle the caller passed), and checks it with `vec_version()`. Returns whether vector search is
 * available: the store's vector index (`vec_distance_cosine`) instead of the in-process exact scan. With
 * `mode: true` a missing or unloadable extension throws `MISSING_DEPENDENCY`; with `'auto'` it returns false.
 */
export async function loadSqliteVec(
  db: SqliteDatabaseLike,
  mode: SqliteVectorMode,
  importer: ModuleImporter = importModule,
): Promise<boolean> {
  if (mode === false) return false;
  if (hasSqliteVec(db)) return true;
  try {
    const mod = (await importer('sqlite-vec')) as Partial<SqliteVecModule> & {
      default?: Partial<SqliteVecModule>;
    };
    const getPath = mod.getLoadablePath ?? mod.default?.getLoadablePath;
    if (typeof getPath !== 'function') throw new Error('sqlite-vec has no getLoadablePath()');
    if (typeof db.loadExtension !== 'function') throw new Error('the database handle cannot load extensions');
    db.loadExtension(getPath());
    db.prepare('SELECT vec_version() AS v').get();
    return true;
  } catch (error) {
    if (mode === 'auto') return false;
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'sqlite',
      message: `vector search needs sqlite-vec: run \`npm install sqlite-vec\` (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    });
  }
}
