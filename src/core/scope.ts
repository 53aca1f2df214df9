import { MemoryError } from './errors/index.ts';
import { checkId } from './ids.ts';

/**
 * Who a piece of memory belongs to. Every store read and write carries one; a store never returns data of
 * another tenant, whatever the input. A session belongs to the exact scope that created it (a missing `user` /
 * `agent` means "none"): only that scope addresses it by id, so two users may each have a session `chat`.
 * Listing and search are wider: a scope that leaves out `user` / `agent` also lists the sessions of every
 * user / agent of its tenant (see `MemoryStoreV1`).
 */
export interface Scope {
  /** The tenant (an organisation, or a user in a single-user app). Required. */
  tenant: string;
  /** The end user within the tenant. */
  user?: string;
  /** The agent within the tenant. */
  agent?: string;
}

/** The scope used when none is given: tenant `default`. */
export const defaultScope: Scope = Object.freeze({ tenant: 'default' });

/**
 * Validates a scope and returns it; throws `INVALID_ARGUMENT` naming the bad field: a field a scope does not have, or
 * one it does not hold as its own plain value (inherited, or a getter).
 */
export function checkScope(scope: Scope, component?: string): Scope {
  if (typeof scope !== 'object' || scope === null) {
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'scope must be an object' });
  }
  // A misspelt key (`usr`) would widen the scope to the whole tenant without a word: refused.
  for (const key of Object.keys(scope))
    if (key !== 'tenant' && key !== 'user' && key !== 'agent')
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `scope.${key}: not a scope field (a scope has tenant, user and agent)`,
      });
  for (const key of ['tenant', 'user', 'agent'] as const) {
    // An inherited field is not in `Object.keys` but is what a store reads, and a getter may answer this check one
    // value and the store another: only a field the scope holds as its own plain value counts.
    const own = Object.getOwnPropertyDescriptor(scope, key);
    if (own === undefined ? key in scope : !('value' in own))
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `scope.${key}: must be the scope's own plain value (it is ${own ? 'a getter' : 'inherited'})`,
      });
    const value = scope[key];
    if (value === undefined && key !== 'tenant') continue;
    checkId(value, `scope.${key}`, component);
  }
  return scope;
}
