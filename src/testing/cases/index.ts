import type { StoreCase } from '../store-case.ts';
import { appendCases } from './append.ts';
import { artifactStateCases } from './artifacts-state.ts';
import { deleteCases } from './delete.ts';
import { forkCases } from './forks.ts';
import { isolationCases } from './isolation.ts';
import { lifecycleCases } from './lifecycle.ts';
import { readCases } from './read.ts';
import { roundTripCases } from './round-trip.ts';
import { scopingCases } from './scoping.ts';
import { searchCases } from './search.ts';
import { sessionCases } from './sessions.ts';

export * from './append.ts';
export * from './artifacts-state.ts';
export * from './delete.ts';
export * from './forks.ts';
export * from './isolation.ts';
export * from './lifecycle.ts';
export * from './read.ts';
export * from './round-trip.ts';
export * from './scoping.ts';
export * from './search.ts';
export * from './sessions.ts';

/** Every conformance case, in the order the suite runs them. */
export const allCases: readonly StoreCase[] = [
  ...sessionCases,
  ...appendCases,
  ...deleteCases,
  ...readCases,
  ...roundTripCases,
  ...searchCases,
  ...artifactStateCases,
  ...forkCases,
  ...isolationCases,
  ...scopingCases,
  ...lifecycleCases,
];
