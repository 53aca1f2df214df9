export { agent } from './agent.ts';
export type {
  Agent,
  AgentConfig,
  AgentEvent,
  AgentLongTermMemory,
  AgentResult,
  AgentRun,
  AgentRunOptions,
  MemoryRetention,
} from './agent-types.ts';
