import { checkArray, checkBoolean, checkFunction, checkKnownKeys } from './check-options.ts';
import { describeValue, errorText } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

/**
 * What needs a peer dependency (a package engram does not install itself) and the line that installs it: the one
 * description every `MISSING_DEPENDENCY` for a package is built from.
 */
export interface PeerNeed {
  /** The component the error names: `[engram] [component] …`. */
  component: string;
  /** What needs the packages, in the user's words, with its verb: `the libSQL store needs @libsql/client`. */
  needs: string;
  /** The packages the install line names, in its order. */
  packages: readonly string[];
  /** A development dependency: the line is `npm install --save-dev …`. @default false */
  dev?: boolean;
}

/** Imports a module by name (replaceable in tests, to see what a missing or broken package does). */
export type ModuleImporter = (name: string) => Promise<unknown>;

/** Node's `import()` of a package by name, from engram's own location (where its peers are installed). */
export const importModule: ModuleImporter = (name) => import(/* @vite-ignore */ name);

/** The first line of why a load failed (Node's resolve errors go on with a require stack of this machine's paths). */
const reason = (cause: unknown): string =>
  (errorText(cause instanceof Error ? cause.message : cause).split('\n')[0] ?? '').trim();

/** The keys a {@link PeerNeed} may have (the compiler keeps the list complete). */
const peerNeedKeys: Record<keyof PeerNeed, true> = {
  component: true,
  needs: true,
  packages: true,
  dev: true,
};

/** Throws `INVALID_ARGUMENT` naming `what` unless `value` is a non-empty string. */
function checkText(value: unknown, what: string): void {
  if (typeof value !== 'string' || value === '')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'driver',
      message: `${what} must be a non-empty string, got ${describeValue(value)}`,
    });
}

/** Checks a {@link PeerNeed} as a driver may pass it: `INVALID_ARGUMENT` naming the field. */
function checkPeerNeed(need: PeerNeed, fn: string): void {
  checkKnownKeys(need, peerNeedKeys, fn, 'driver', `${fn}(need)`);
  checkText(need.component, `${fn}(need).component`);
  checkText(need.needs, `${fn}(need).needs`);
  checkArray(need.packages, `${fn}(need).packages`, 'driver');
  if (need.packages.length === 0) checkText(undefined, `${fn}(need).packages[0]`);
  need.packages.forEach((name, i) => {
    checkText(name, `${fn}(need).packages[${i}]`);
  });
  checkBoolean(need.dev, `${fn}(need).dev`, 'driver', false);
}

/**
 * `MISSING_DEPENDENCY` saying what needs which packages and the npm line that installs them, with why it failed.
 * When `cause` is not Node's "cannot find" for one of the packages ({@link isMissingPackage}: a package installed
 * but broken, one of its own dependencies missing, a handle that cannot load it), the message says the package
 * could not be loaded, and the line reinstalls it.
 */
export function missingPeer(need: PeerNeed, cause?: unknown): MemoryError {
  checkPeerNeed(need, 'missingPeer');
  const install = `npm install ${need.dev ? '--save-dev ' : ''}${need.packages.join(' ')}`;
  const message =
    cause === undefined || isMissingPackage(cause, need.packages)
      ? `${need.needs}: run \`${install}\`${cause === undefined ? '' : ` (${reason(cause)})`}`
      : `${need.needs}, which could not be loaded (${reason(cause)}); to reinstall, run \`${install}\``;
  return new MemoryError({ code: 'MISSING_DEPENDENCY', component: need.component, message, cause });
}

/** Whether `error` is Node's "cannot find" for one of `packages` (or a file inside one), from `import` or `require`. */
export function isMissingPackage(error: unknown, packages: readonly string[]): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = (error as Error).message;
  return packages.some((name) => message.includes(`'${name}'`) || message.includes(`'${name}/`));
}

/** Imports a peer at its first use; any failure to load it is {@link missingPeer}, the import error its cause. */
export async function importPeer(
  name: string,
  need: PeerNeed,
  importer: ModuleImporter = importModule,
): Promise<unknown> {
  checkText(name, 'importPeer(name)');
  checkPeerNeed(need, 'importPeer');
  checkFunction(importer, 'importPeer(importer)', 'driver');
  try {
    return await importer(name);
  } catch (error) {
    throw missingPeer(need, error);
  }
}
