import type { ToolSet } from 'ai';
import type { AgentRun } from './agent-types.ts';

/** The tools each run of `agent()` works with, by run (engram's own, not part of the public API). */
const toolsByRun = new WeakMap<AgentRun, Promise<ToolSet | undefined>>();

/** Keeps the tools `run` works with (undefined when its wiring failed: the run rejects with that error). */
export function keepRunTools(run: AgentRun, tools: Promise<ToolSet | undefined>): void {
  toolsByRun.set(run, tools);
}

/**
 * The tools a run of `agent()` works with (its own, and those its memory and stores add), so code that stores
 * what the run left (the chat handler's stopped step) can shape tool results with their `toModelOutput` as the
 * AI SDK shapes a finished step's; undefined for a run of another `Agent` implementation.
 */
export function runTools(run: AgentRun): Promise<ToolSet | undefined> {
  return toolsByRun.get(run) ?? Promise.resolve(undefined);
}
