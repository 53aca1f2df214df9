import { createRequire } from 'node:module';
import { importModule, type ModuleImporter, missingPeer, type PeerNeed } from '../../core/peer-module.ts';
import type { SqliteDatabaseLike } from './sqlite-client.ts';

/** How the driver treats sqlite-vec: `'auto'` loads it when installed, `true` requires it, `false` skips it. */
export type SqliteVectorMode = 'auto' | boolean;

/** The part of the `sqlite-vec` package the driver uses. */
interface SqliteVecModule {
  getLoadablePath(): string;
}

/** What vector search on SQLite needs when it is required (`vector: true`). */
const sqliteVecPeer: PeerNeed = {
  component: 'sqlite',
  needs: 'vector search needs sqlite-vec',
  packages: ['sqlite-vec'],
};

/** Resolves a module by name from here, or throws (injectable for tests). */
export type ModuleResolver = (name: string) => string;

const resolveModule: ModuleResolver = (name) => createRequire(import.meta.url).resolve(name);

/** Whether sqlite-vec's functions are already on the handle (the caller loaded the extension itself). */
export function hasSqliteVec(db: SqliteDatabaseLike): boolean {
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
    throw missingPeer(sqliteVecPeer, error);
  }
}

/** sqlite-vec on a handle, loaded when first needed ({@link lazySqliteVec}). */
export interface LazySqliteVec {
  /** Whether vector search uses the extension: true while it is installed and has not failed to load. */
  active(): boolean;
  /** Loads it into the handle once (later calls share the first's answer); resolves whether it is loaded. */
  ready(): Promise<boolean>;
}

/**
 * sqlite-vec for a store opened with `vector: 'auto'`, loaded on the first vector search instead of at open: its
 * import and `loadExtension` cost about 10 ms of CPU (5 ms wall) on every open, which a process that never searches
 * by vector (a CLI command, a script that reads a session, a serverless start) does not need. Active from the start
 * when the extension is already on the handle or the package resolves from here (no import); a package that
 * resolves but does not load turns it off at the first search, which then scans exactly (as `'auto'` does when the
 * package is absent). `importer` and `resolve` are injectable for tests.
 */
export function lazySqliteVec(
  db: SqliteDatabaseLike,
  importer: ModuleImporter = importModule,
  resolve: ModuleResolver = resolveModule,
): LazySqliteVec {
  const onHandle = hasSqliteVec(db);
  let active = onHandle || resolvable(resolve);
  let loading: Promise<boolean> | undefined = onHandle ? Promise.resolve(true) : undefined;
  return {
    active: () => active,
    ready() {
      if (!active) return Promise.resolve(false);
      loading ??= loadSqliteVec(db, 'auto', importer).then((loaded) => {
        active = loaded;
        return loaded;
      });
      return loading;
    },
  };
}

/** Whether `sqlite-vec` resolves (installed), without importing it. */
function resolvable(resolve: ModuleResolver): boolean {
  try {
    resolve('sqlite-vec');
    return true;
  } catch {
    return false;
  }
}
