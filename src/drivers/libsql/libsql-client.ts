import { importPeer, MemoryError, type ModuleImporter, type PeerNeed } from '../../driver.ts';

/** A value bound to a statement parameter: what `@libsql/client` accepts and the driver uses. */
export type LibsqlValue = null | string | number | bigint | Uint8Array | ArrayBuffer;

/** A row as `@libsql/client` returns it: values by column name. */
export type LibsqlRow = Readonly<Record<string, unknown>>;

/** The bytes of a BLOB column as read back (`ArrayBuffer` from the local client, a view from others). */
export function blobBytes(value: unknown): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Uint8Array) return value;
  throw new MemoryError({
    code: 'STORE_ERROR',
    component: 'libsql',
    message: 'a BLOB column read back as no bytes',
  });
}

/** One statement with positional parameters. */
export interface LibsqlStatement {
  /** The SQL text, with `?` placeholders. */
  sql: string;
  /** The parameters, in order. */
  args: LibsqlValue[];
}

/** What the driver reads of a result set. */
export interface LibsqlResultLike {
  /** The rows. */
  readonly rows: ArrayLike<LibsqlRow>;
  /** Rows changed by an INSERT, UPDATE or DELETE without RETURNING. */
  readonly rowsAffected: number;
}

/** The part of a `@libsql/client` `Transaction` the driver uses. */
export interface LibsqlTransactionLike {
  execute(stmt: LibsqlStatement): Promise<LibsqlResultLike>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): void;
}

/**
 * The part of a `@libsql/client` `Client` the driver uses (structural, so any client of the 0.15+ line fits and
 * `@libsql/client` stays an optional peer).
 */
export interface LibsqlClientLike {
  execute(stmt: LibsqlStatement): Promise<LibsqlResultLike>;
  transaction(mode: 'write'): Promise<LibsqlTransactionLike>;
  close(): void;
  /** `file` for a local database; `libsql`, `https`, `wss`, … for a server (sqld, Turso). */
  readonly protocol: string;
}

/** How the driver opens a client from a URL (the `createClient` of `@libsql/client`). */
export interface LibsqlConnectOptions {
  /** `file:engram.db` (a local file, no server), `:memory:`, or `libsql://…` / `https://…` (sqld, Turso). */
  url: string;
  /** The server's token (Turso, sqld with auth). */
  authToken?: string;
  /**
   * How long a statement on a local file waits for another process's lock (SQLite's busy timeout), in ms. The
   * wait is synchronous; it only ever waits for another process, since this process's writes take turns.
   */
  timeout?: number;
}

export type { ModuleImporter } from '../../driver.ts';

/** The part of the `@libsql/client` module the driver calls. */
interface LibsqlModule {
  createClient(config: LibsqlConnectOptions & { intMode: 'number' }): LibsqlClientLike;
}

const hasCreateClient = (value: unknown): value is LibsqlModule =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'createClient') === 'function';

/** What the libSQL store needs. */
const libsqlPeer: PeerNeed = {
  component: 'libsql',
  needs: 'the libSQL store needs @libsql/client',
  packages: ['@libsql/client'],
};

/**
 * Loads `@libsql/client` (an optional peer) the first time a store opens, and opens a client on `options.url`;
 * throws `MISSING_DEPENDENCY` saying `npm install @libsql/client` when the package is not installed.
 */
export async function connectLibsql(
  options: LibsqlConnectOptions,
  importer?: ModuleImporter,
): Promise<LibsqlClientLike> {
  const loaded = await importPeer('@libsql/client', libsqlPeer, importer);
  if (!hasCreateClient(loaded)) {
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'libsql',
      message: '@libsql/client has no createClient(): install @libsql/client 0.15 or later',
    });
  }
  try {
    return loaded.createClient({ ...options, intMode: 'number' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MemoryError({
      code: /URL/.test(reason) ? 'INVALID_ARGUMENT' : 'STORE_ERROR',
      component: 'libsql',
      message: `cannot open ${JSON.stringify(options.url)}: ${reason}`,
      cause: error,
    });
  }
}
