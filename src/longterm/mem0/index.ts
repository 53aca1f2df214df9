export {
  createMem0Http,
  type Mem0HttpConfig,
  type Mem0Request,
  mem0ErrorDetail,
  retryAfterMs,
} from './mem0-http.ts';
export { createMem0LongTermMemory, maxMem0QueryLength } from './mem0-long-term-memory.ts';
export {
  type CheckedMem0Options,
  checkMem0Options,
  type Mem0Api,
  type Mem0Ids,
  type Mem0LongTermMemoryOptions,
} from './mem0-options.ts';
export {
  checkMem0Memory,
  type Mem0EntityIds,
  type Mem0History,
  type Mem0Memory,
  mem0Record,
  mem0Versions,
  resultsOf,
} from './mem0-records.ts';
