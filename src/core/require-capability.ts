import { MemoryError } from './errors/memory-error.ts';

/**
 * The versioned contract a store declares under `property` (a capability such as `HasLongTermRecords`). Its type
 * makes a store without it a compile error; for a JavaScript caller that passes one anyway this throws
 * `INVALID_ARGUMENT` naming the missing capability, instead of returning `undefined`.
 */
export function requireCapability<T extends { readonly specificationVersion: 'v1' }>(
  contract: T | undefined,
  capability: { name: string; property: string; contract: string },
  component: string,
): T {
  if (contract?.specificationVersion === 'v1') return contract;
  throw new MemoryError({
    code: 'INVALID_ARGUMENT',
    component,
    message:
      `store lacks the ${capability.name} capability (a \`${capability.property}\` ${capability.contract}); ` +
      'use a built-in store (memory, json-file, SQLite, PostgreSQL) or a driver that implements it',
  });
}
