import { notDecimalInteger, parseDecimalInteger } from '../core/decimal-integer.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isValidId } from '../core/ids.ts';
import type { Scope } from '../core/scope.ts';
import { BadInputError, InterruptedError } from './bad-input-error.ts';
import { type OpenMode, openStore, type StoreFlags, scopeOf, UsageError } from './open-store.ts';
import type { OutputOptions } from './output.ts';
import { createProgress, type Progress } from './progress.ts';

/** Exit codes of the `engram` command. */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  badInput: 3,
  store: 4,
  interrupted: 130,
  terminated: 143,
} as const;

/** The global flags every command reads: where the store is, whose data, and the output format. */
export type CliFlags = StoreFlags & { json?: boolean; wide?: boolean };

/** An open store of the command line (a SQLite file or a PostgreSQL database). */
export type CliStore = Awaited<ReturnType<typeof openStore>>;

/** What a command needs from the program: its global flags, the scope they name, and the store. */
export interface CliContext {
  /** The parsed global flags (read when the command runs). */
  flags(): CliFlags;
  /** The scope the flags name. */
  scope(): Scope;
  /** Whether to print JSON. */
  json(): boolean;
  /** How to print: JSON (`--json`), or tables whose cells are cut unless `--wide`. */
  output(): OutputOptions;
  /** A progress bar on stderr: drawn only on a terminal and never with `--json`. */
  progress(): Progress;
  /**
   * Runs `fn` with the store the flags name, closing it after. `read` (the default) refuses a database without
   * engram's tables, creates nothing and writes nothing; `change` refuses it too and writes; `write` creates the
   * file or schema when missing (see {@link OpenMode}).
   */
  withStore<T>(fn: (store: CliStore) => Promise<T>, mode?: OpenMode): Promise<T>;
}

/** The context of a program whose global flags `flags()` reads. */
export function createCliContext(flags: () => CliFlags): CliContext {
  return {
    flags,
    scope: () => scopeOf(flags()),
    json: () => flags().json === true,
    output: () => ({ json: flags().json === true, wide: flags().wide === true }),
    progress: () => createProgress({ enabled: flags().json !== true }),
    async withStore(fn, mode = 'read') {
      scopeOf(flags()); // a bad scope flag is a usage error before any store opens (and `import` creates none)
      const store = await openStore(flags(), mode);
      try {
        return await fn(store);
      } finally {
        await store.close();
      }
    },
  };
}

const storeErrorCodes = new Set(['STORE_ERROR', 'STORE_CLOSED', 'MIGRATION_ERROR', 'MISSING_DEPENDENCY']);

/** The exit code of an error: usage 2, bad input 3, store 4, interrupted 130 (SIGINT) or 143 (SIGTERM), anything else 1. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return exitCodes.usage;
  if (error instanceof BadInputError) return exitCodes.badInput;
  if (error instanceof InterruptedError)
    return error.signal === 'SIGTERM' ? exitCodes.terminated : exitCodes.interrupted;
  if (MemoryError.isInstance(error))
    return storeErrorCodes.has(error.code) ? exitCodes.store : exitCodes.badInput;
  return exitCodes.failure;
}

/**
 * A commander argument parser for a numeric flag: plain decimal digits (`-` first only when `min` is negative)
 * making a safe integer from `min` to `max` ({@link parseDecimalInteger}), else a usage error naming the flag, the
 * range and the value.
 */
export const integerFlag =
  (flag: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string): number => {
    const n = parseDecimalInteger(value, min, max);
    if (n === undefined) throw new UsageError(notDecimalInteger(flag, value, min, max));
    return n;
  };

/**
 * A commander argument parser for a flag that names one thing by id (`--session`, `--space`, `--kind`): 1–256
 * characters without NUL or lone surrogates, else a usage error naming the flag, so an empty value is never taken
 * for "every one".
 */
export const idFlag =
  (flag: string, what = 'an id') =>
  (value: string): string => {
    if (!isValidId(value))
      throw new UsageError(
        `${flag}: "${value}" is not ${what} (1–256 characters, no NUL or lone surrogates)`,
      );
    return value;
  };

/** {@link idFlag} for `--session <id>`. */
export const sessionIdFlag = idFlag('--session', 'a session id');
