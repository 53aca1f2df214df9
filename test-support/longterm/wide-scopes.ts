import type { Scope } from '../../src/core/scope.ts';

/**
 * Pairs of a wide scope and a narrower one inside it, as scope tests of long-term memory use them: a tenant beside
 * one of its users, and a user beside one of her agents (a wide scope's store reads also see the narrower one's records).
 */
export const wideAndNarrowScopes: readonly (readonly [wide: Scope, narrow: Scope])[] = [
  [{ tenant: 't' }, { tenant: 't', user: 'ada' }],
  [
    { tenant: 't', user: 'ada' },
    { tenant: 't', user: 'ada', agent: 'bot' },
  ],
];
