import { checkKnownKeys } from '../core/check-options.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { checkId } from '../core/ids.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import type { Artifact, PutArtifactOptions } from './memory-store.ts';

/** Throws `InvalidValueError` unless session metadata is a plain JSON object (see {@link checkJsonValue}). */
export function checkSessionMetadata(metadata: unknown, component: string): void {
  const proto =
    typeof metadata === 'object' && metadata !== null ? Object.getPrototypeOf(metadata) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new InvalidValueError({ path: 'metadata', problem: 'expected a plain JSON object', component });
  }
  checkJsonValue(metadata, 'metadata', component);
}

/**
 * Checks an artifact before any driver writes it: `id` and `kind` follow the id rule,
 * `fromSeq` / `toSeq` are integers, `data` is a JSON value ({@link checkJsonValue}).
 */
/** Throws `InvalidValueError` unless `listArtifacts`'s `since` is a valid Date. */
export function checkSince(since: unknown, component: string): asserts since is Date {
  if (since instanceof Date && Number.isFinite(since.getTime())) return;
  throw new InvalidValueError({ path: 'since', problem: 'expected a valid Date', component });
}

/**
 * Throws `InvalidValueError` (`INVALID_ARGUMENT`) unless `listArtifacts`'s options are undefined or an object whose
 * `data`, when set, is a boolean, and (`INVALID_ARGUMENT` naming it) that has no other key.
 */
export function checkListArtifactsOptions(options: unknown, component: string): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new InvalidValueError({ path: 'options', problem: 'expected an object', component });
  checkKnownKeys(options as { data?: unknown }, { data: true }, 'listArtifacts', component);
  const { data } = options as { data?: unknown };
  if (data !== undefined && typeof data !== 'boolean')
    throw new InvalidValueError({ path: 'options.data', problem: 'expected a boolean', component });
}

/**
 * Throws `InvalidValueError` (`INVALID_ARGUMENT`) unless `putArtifact`'s options are undefined or an object whose
 * `createdAt`, when set, is a valid Date, and (`INVALID_ARGUMENT` naming it) that has no other key. Returns the
 * time to store: `createdAt`, else now.
 */
export function checkPutArtifactOptions(options: unknown, component: string): Date {
  if (options === undefined) return new Date();
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new InvalidValueError({ path: 'options', problem: 'expected an object', component });
  checkKnownKeys(options as PutArtifactOptions, { createdAt: true }, 'putArtifact', component);
  const { createdAt } = options as PutArtifactOptions;
  if (createdAt === undefined) return new Date();
  if (!(createdAt instanceof Date && Number.isFinite(createdAt.getTime())))
    throw new InvalidValueError({ path: 'options.createdAt', problem: 'expected a valid Date', component });
  return new Date(createdAt.getTime());
}

/** Checks an artifact before it is stored. */
export function checkArtifact(artifact: Omit<Artifact, 'createdAt'>, component: string): void {
  if (typeof artifact !== 'object' || artifact === null) {
    throw new InvalidValueError({ path: 'artifact', problem: 'expected an object', component });
  }
  checkId(artifact.id, 'artifact.id', component);
  checkId(artifact.kind, 'artifact.kind', component);
  for (const key of ['fromSeq', 'toSeq'] as const) {
    if (!Number.isSafeInteger(artifact[key])) {
      throw new InvalidValueError({ path: `artifact.${key}`, problem: 'expected an integer', component });
    }
  }
  checkJsonValue(artifact.data, 'artifact.data', component);
}
