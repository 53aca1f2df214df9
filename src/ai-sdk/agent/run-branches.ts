import type { AssistantContent, ModelMessage, UserContent } from 'ai';
import { checkKnownKeys, checkMethods, checkNestedKeys, checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { toModelMessages } from '../../messages/to-model-message.ts';
import { type ContextView, toContextView } from '../../views/context-view.ts';
import type { Agent, AgentResult } from './agent-types.ts';
import { checkPrompt } from './check-prompt.ts';

/** One parallel branch: an agent and its prompt. */
export interface Branch {
  /** The agent that runs the branch. */
  agent: Agent;
  /** Its prompt. */
  prompt: string | UserContent;
}

/** A finished branch: its agent's name and result. */
export interface BranchResult {
  /** The branch's agent. */
  agent: string;
  /** Its run's result (its `appended` are the branch's own messages). */
  result: AgentResult;
}

/** Options of {@link runBranches}. */
export interface RunBranchesOptions {
  /** The memory the branches start from and the merge goes into (a view, or a seed 000 `Memory` of your own). */
  memory: ContextView<ModelMessage> | Memory;
  /** The branches, run in parallel. */
  branches: readonly Branch[];
  /**
   * The caller's rule: which messages of the finished branches go into `memory` (stored in one call, in the order
   * returned). It is given the branches that finished, never one `abortSignal` stopped (`finishReason: 'aborted'`),
   * and is not called when none finished. @default each branch's prompt and final answer (its last assistant
   * message without tool calls), in branch order
   */
  merge?: (results: readonly BranchResult[]) => ModelMessage[] | Promise<ModelMessage[]>;
  /**
   * Cancels every branch still running: the call resolves with every branch's result, and merges the branches that
   * had finished, nothing of those it stopped (not their prompts, not their finished steps).
   */
  abortSignal?: AbortSignal;
}

/** Parts of an assistant message that belong to a tool call (its call, a provider's result, an approval request). */
const callParts = new Set(['tool-call', 'tool-result', 'tool-approval-request']);

/**
 * A branch's prompt and final answer: its last assistant message without its tool calls (a branch stopped after a
 * step with calls, by `stopWhen`, ends on one: merged whole, a call went into memory without its result,
 * and every later run on that memory failed with `MissingToolResultsError`); none when nothing else is left.
 */
const lastAnswer = (r: AgentResult): ModelMessage[] => {
  const prompt = r.appended.find((m) => m.role === 'user');
  const last = [...r.appended].reverse().find((m) => m.role === 'assistant');
  const content =
    last === undefined || typeof last.content === 'string'
      ? last?.content
      : (last.content as Exclude<AssistantContent, string>).filter((p) => !callParts.has(p.type));
  const answer =
    content === undefined || content.length === 0 ? [] : [{ role: 'assistant', content } as ModelMessage];
  return [...(prompt ? [prompt] : []), ...answer];
};

/**
 * Branch isolation (seed 003): each branch runs in parallel on its own copy of `memory` (a fork: it sees the
 * history, and nothing another branch writes), and when all have finished the caller's `merge` rule picks what
 * goes back into `memory`, in one `store` call. A failing branch fails the whole call and merges nothing, once it
 * has cancelled the other branches and they have stopped; so does a
 * `merge` that returns no array (`INVALID_ARGUMENT`). Cancelled by `abortSignal`, it merges only the branches that
 * had finished: a stopped branch's prompt, merged, read as a request memory never answered.
 * @example
 * const merged = await runBranches({ memory, branches: [{ agent: pro, prompt }, { agent: con, prompt }] });
 */
export async function runBranches(options: RunBranchesOptions): Promise<BranchResult[]> {
  checkOptions(options, 'runBranches', 'agent');
  checkKnownKeys(
    options,
    { memory: true, branches: true, merge: true, abortSignal: true },
    'runBranches',
    'agent',
  );
  checkMethods(options.memory, 'runBranches(options): memory', 'agent', ['read', 'store']);
  if (!Array.isArray(options.branches) || options.branches.length === 0)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'agent',
      message: 'runBranches: branches must be a non-empty array',
    });
  options.branches.forEach((b: Partial<Branch> | null, i) => {
    checkNestedKeys(
      b ?? undefined,
      { agent: true, prompt: true },
      `runBranches(options).branches[${i}]`,
      'agent',
    );
    checkMethods(b?.agent, `runBranches(options): branches[${i}].agent`, 'agent', ['run']);
    // Checked before any branch runs: a wrong or empty one failed its own branch's run, after the others had started.
    checkPrompt(b?.prompt, `runBranches(options): branches[${i}].prompt`);
  });
  if (options.merge !== undefined && typeof options.merge !== 'function')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'agent',
      message: `runBranches(options): merge must be a function, got ${describeValue(options.merge)}`,
    });
  const history = toModelMessages((await options.memory.read()) as MemoryMessage[]);
  // The caller's signal, and a failing branch: either cancels every branch still running.
  const cancel = new AbortController();
  const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, cancel.signal]) : cancel.signal;
  const settled = await Promise.allSettled(
    options.branches.map(async (b): Promise<BranchResult> => {
      const fork = createConversationMemory({ initialMessages: history });
      try {
        const result = await b.agent.run(b.prompt, undefined, { memory: fork, abortSignal: signal }).result;
        return { agent: b.agent.name, result };
      } catch (error) {
        cancel.abort(error);
        throw error;
      }
    }),
  );
  // The first failure, once every other branch has stopped: none goes on calling its model and tools after this
  // call has failed.
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  const results = settled.map((s) => (s as PromiseFulfilledResult<BranchResult>).value);
  // A branch the caller's signal stopped did not finish: nothing of it is merged (it was, prompt and partial answer).
  const finished = results.filter((r) => r.result.finishReason !== 'aborted');
  if (finished.length === 0) return results;
  const merged: unknown = options.merge
    ? await options.merge(finished)
    : finished.flatMap((r) => lastAnswer(r.result));
  // A merge that returns nothing (a block body without return) or one message was a raw TypeError or merged nothing.
  if (!Array.isArray(merged))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'agent',
      message: `runBranches(options): merge must return an array of messages (what goes into memory; [] for none), got ${describeValue(merged)}; nothing was merged`,
    });
  if (merged.length > 0) await toContextView(options.memory).store(merged);
  return results;
}
