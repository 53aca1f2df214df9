export {
  createObservationalMemory,
  type ObservationalMemory,
  type ObservationalMemoryOptions,
  type ObservationalStats,
} from './observational-memory.ts';
export {
  createExtractiveObserver,
  createExtractiveReflector,
  type Observer,
  type Reflector,
} from './observer.ts';
