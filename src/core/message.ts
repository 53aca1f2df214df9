import type { JSONValue, ModelMessage } from 'ai';

/** The four roles of an AI SDK v7 `ModelMessage`. */
export type MessageRole = ModelMessage['role'];

/** What engram adds to every message: identity, time, metadata and multi-agent attribution. */
export interface MemoryMessageExtras {
  /** Unique within a memory (a session's log). */
  id: string;
  /** When the message was created. */
  createdAt: Date;
  /** Free-form JSON metadata, searchable with `find({ metadata })`. */
  metadata?: Record<string, JSONValue>;
  /** A display name: the tool or the speaker (seed 003's `name`). */
  name?: string;
  /**
   * Multi-agent attribution (seed 003's `agent_call` / `agent_response`): which agent produced the message,
   * and, for a call, which agent it was addressed to.
   */
  agent?: AgentAttribution;
}

/** Attribution of a message in a multi-agent flow. */
export interface AgentAttribution {
  /** The agent that produced the message. */
  from: string;
  /** The agent it was addressed to, for an `agent_call`. */
  to?: string;
  /** `call` is a request to another agent, `response` its answer (seed 003's agent_call / agent_response). */
  kind?: 'call' | 'response';
}

/** An AI SDK v7 `ModelMessage` plus engram's id, time, metadata and attribution. */
export type MemoryMessage = ModelMessage & MemoryMessageExtras;

/** A message as it sits in a session's log: its gapless sequence number and its token count, computed once. */
export interface LogEntry {
  /** 1-based, gapless within a session. */
  seq: number;
  /** The message. */
  message: MemoryMessage;
  /** Its token count with the session's counter, computed when it was stored. */
  tokens: number;
}
