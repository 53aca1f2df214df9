export type { Mem0RouteResult } from './mem0-route-result.ts';
export {
  type Mem0FaultMatch,
  type Mem0InjectedFault,
  type Mem0RecordedRequest,
  type Mem0TestServer,
  type Mem0TestServerOptions,
  startMem0TestServer,
} from './mem0-test-server.ts';
export {
  inferFacts,
  type Mem0AddEvent,
  type Mem0Entities,
  type Mem0HistoryEntry,
  type Mem0StoredMemory,
  Mem0TestStore,
  type Mem0WireMessage,
  matchesEntities,
} from './mem0-test-store.ts';
