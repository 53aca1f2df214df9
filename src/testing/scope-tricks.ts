import type { Scope } from '../core/scope.ts';

/**
 * Scopes of `tenant` whose fields are not the scope's own plain values: inherited from a prototype (which
 * `Object.keys`, and so the check for misspelt keys, does not see, while a store reading `scope.user` does) or
 * read through a getter (which may answer the check one value and the store another). To property access each
 * reads as `{ tenant, user: 'u1' }` or `{ tenant, agent: 'a1' }`; every store refuses them with `INVALID_ARGUMENT`.
 */
export function trickScopes(tenant: string): Scope[] {
  const inherited = (fields: object, own: object) => Object.assign(Object.create(fields), own) as Scope;
  return [
    inherited({ user: 'u1' }, { tenant }),
    inherited({ agent: 'a1' }, { tenant }),
    inherited({ tenant }, { user: 'u1' }),
    {
      tenant,
      get user() {
        return 'u1';
      },
    },
  ];
}
