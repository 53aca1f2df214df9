/**
 * @module engram/mem0
 * Long-term memory over Mem0's REST API (the hosted platform or a self-hosted server), behind the same
 * `LongTermMemory` interface as engram's own long-term memory.
 * @example
 * import { createMem0LongTermMemory } from 'engram/mem0';
 * const longTerm = createMem0LongTermMemory({ apiKey: process.env.MEM0_API_KEY, ids: { userId: 'ada' } });
 * await longTerm.retrieve('where does Ada live?');
 */
export {
  createMem0LongTermMemory,
  type Mem0Api,
  type Mem0Ids,
  type Mem0LongTermMemoryOptions,
  maxMem0QueryLength,
} from './longterm/mem0/index.ts';
