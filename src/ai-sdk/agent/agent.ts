import type { UserContent } from 'ai';
import { runAgent } from './agent-run.ts';
import type { Agent, AgentConfig, AgentEvent, AgentRun, AgentRunOptions } from './agent-types.ts';
import { type AgentWiring, bad, wireAgent, wireRun } from './agent-wiring.ts';
import { createEventChannel } from './event-channel.ts';
import { keepRunTools } from './run-tools.ts';

/**
 * Seed 000's agent on the AI SDK v7. `run(prompt)` resolves its memory (the run's option, else the agent's, else a
 * new `SimpleMemory`) as a `ContextView` — a seed 000 `Memory` of your own is adapted once, by `toContextView` —
 * stores the prompt, and then at every step reads the view, leaves out system messages (the agent's
 * `instructions` are the system prompt), calls the model (`streamText`, one step: it runs the step's tools, and a
 * tool that throws becomes a tool error the model sees), stores the step's assistant and tool messages in one
 * `store` call — with `recordAssembly`, the step's assembly record commits in the same transaction (on every
 * built-in store), so a crash leaves the step whole or absent — and emits `agent-step-end` with `appended()`. The
 * prompt, and what a view's read writes (content offloads, its own state, all derived from the log), are written
 * at once but made durable with the next step's commit (`withDeferredDurability`: on SQLite at `durability:
 * 'power'`, one fsync per step instead of one per write). It stops when a step ends without tool calls or
 * `stopWhen` says so, reads the view once more (the execution record) and answers with the last assistant
 * message among the appended ones. An abort drops the step in flight, so no tool call is ever stored without its
 * result. Long-term memory (seed 002) is recalled before the first step into a user-role block and recorded
 * after the run (`static`), offered as tools (`agent`), or both; seed 003's `memoryRetention` applies itself
 * when the run ends.
 * @example
 * const assistant = agent({ name: 'assistant', description: 'An assistant', model, instructions: 'Be brief.' });
 * const { stream, result } = assistant.run('Hello', undefined, { memory });
 * for await (const event of stream) if (event.type === 'text-delta') process.stdout.write(event.text);
 * console.log((await result).text);
 */
export function agent(config: AgentConfig): Agent {
  const wiring = wireAgent(config);
  let interrupted = false;

  const run = (
    prompt: string | UserContent,
    context?: Record<string, unknown>,
    options: AgentRunOptions = {},
  ): AgentRun => {
    const channel = createEventChannel<AgentEvent>();
    const parts = wireRun(wiring, prompt, context, options, channel);
    const result = (async () =>
      runAgent(await parts, prompt, options.from, (finishReason) => {
        interrupted = finishReason === 'aborted';
      }))();
    result.catch((error: unknown) => channel.fail(error));
    const started: AgentRun = { stream: channel.iterable, result };
    keepRunTools(
      started,
      parts.then(
        (p) => p.tools,
        () => undefined,
      ),
    );
    return started;
  };

  return {
    name: config.name,
    description: config.description,
    componentName: config.componentName ?? config.name,
    get interrupted() {
      return interrupted;
    },
    run,
    saveState: () => ({ memory: memoryKind(wiring), interrupted }),
    loadState(state) {
      const s = state as { interrupted?: unknown } | null;
      if (typeof s !== 'object' || s === null || Array.isArray(s) || typeof s.interrupted !== 'boolean')
        throw bad(
          `loadState: the state of agent "${config.name}" must be an object with a boolean "interrupted"`,
        );
      interrupted = s.interrupted;
    },
  };
}

/**
 * The kind of the agent's memory in its saved state (seed 002's `ReActAgent`): a conversation's component name
 * when the memory is a conversation, else its class's name ('Memory' for a plain object); 'SimpleMemory' without one.
 */
function memoryKind({ config, view }: AgentWiring): string {
  const memory = config.memory;
  if (!memory) return 'SimpleMemory';
  const conversation = view?.conversation;
  if (conversation !== undefined && conversation === memory) return conversation.componentName;
  const name = memory.constructor.name;
  return name && name !== 'Object' ? name : 'Memory';
}
