export { agent } from './agent.ts';
export type {
  Agent,
  AgentConfig,
  AgentContextStats,
  AgentEvent,
  AgentLongTermMemory,
  AgentResult,
  AgentRun,
  AgentRunOptions,
  MemoryRetention,
} from './agent-types.ts';
export { type AgentUIMessageStreamOptions, agentUIMessageStream } from './agent-ui-message-stream.ts';
export {
  type AgentStore,
  type CreateAgentLongTermMemory,
  type CreateAgentOptions,
  createAgent,
} from './create-agent.ts';
export { modelContextWindow } from './model-context-window.ts';
export { type Branch, type BranchResult, type RunBranchesOptions, runBranches } from './run-branches.ts';
export { type SubAgentAnswer, type SubAgentToolOptions, subAgentTool } from './sub-agent-tool.ts';
