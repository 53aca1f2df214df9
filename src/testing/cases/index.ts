import type { StoreCase } from '../store-case.ts';
import { appendCases } from './append.ts';
import { artifactStateCases } from './artifacts-state.ts';
import { conditionalAppendCases } from './conditional-append.ts';
import { conditionalAppendLogCases } from './conditional-append-log.ts';
import { conditionalDeleteCases } from './conditional-delete.ts';
import { deleteCases } from './delete.ts';
import { forkCases } from './forks.ts';
import { idCases } from './ids.ts';
import { isolationCases } from './isolation.ts';
import { lifecycleCases } from './lifecycle.ts';
import { logChangeCases } from './log-changes.ts';
import { pruneCases } from './prune.ts';
import { readCases } from './read.ts';
import { replaceCases } from './replace.ts';
import { roundTripCases } from './round-trip.ts';
import { scopingCases } from './scoping.ts';
import { searchCases } from './search.ts';
import { sessionCases } from './sessions.ts';
import { stateKeyCases } from './state-keys.ts';
import { valueEdgeCases } from './value-edges.ts';
import { valueCases } from './values.ts';

export { appendCases } from './append.ts';
export { artifactStateCases } from './artifacts-state.ts';
export { conditionalAppendCases } from './conditional-append.ts';
export { conditionalAppendLogCases } from './conditional-append-log.ts';
export { conditionalDeleteCases } from './conditional-delete.ts';
export { deleteCases } from './delete.ts';
export { forkCases } from './forks.ts';
export { idCases } from './ids.ts';
export { awkwardSessionIds, isolationCases, lookAlikeTenants } from './isolation.ts';
export { lifecycleCases } from './lifecycle.ts';
export { logChangeCases } from './log-changes.ts';
export { pruneCases, referencePrune } from './prune.ts';
export { readCases } from './read.ts';
export { replaceCases } from './replace.ts';
export { richMessages, roundTripCases } from './round-trip.ts';
export { lookAlikeOwners, lookAlikeSessionIds, scopingCases } from './scoping.ts';
export { hostileQueries, searchCases } from './search.ts';
export { sessionCases } from './sessions.ts';
export { stateKeyCases } from './state-keys.ts';
export { valueEdgeCases } from './value-edges.ts';
export { valueCases } from './values.ts';

/** Every conformance case, in the order the suite runs them. */
export const allCases: readonly StoreCase[] = [
  ...sessionCases,
  ...appendCases,
  ...conditionalAppendCases,
  ...conditionalAppendLogCases,
  ...conditionalDeleteCases,
  ...idCases,
  ...deleteCases,
  ...pruneCases,
  ...replaceCases,
  ...logChangeCases,
  ...readCases,
  ...roundTripCases,
  ...valueCases,
  ...valueEdgeCases,
  ...searchCases,
  ...artifactStateCases,
  ...stateKeyCases,
  ...forkCases,
  ...isolationCases,
  ...scopingCases,
  ...lifecycleCases,
];
