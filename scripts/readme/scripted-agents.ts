/**
 * What the blocks of README.md and docs/*.md import as `@openai/agents` when `readme-blocks.test.ts` runs them:
 * `Agent` and `run` from `@openai/agents-core` (the devDependency), with tracing off and a scripted default model
 * that answers `Hello!`, so a block runs with no key and no network.
 */

import {
  type AgentOutputItem,
  type Model,
  setDefaultModelProvider,
  setTracingDisabled,
  Usage,
} from '@openai/agents-core';

export { Agent, run } from '@openai/agents-core';

const reply: AgentOutputItem[] = [
  {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Hello!' }],
  },
];

/** The scripted model every agent without a model of its own gets. */
const model: Model = {
  getResponse: async () => ({ usage: new Usage(), output: reply }),
  // biome-ignore lint/correctness/useYield: README's blocks do not stream
  async *getStreamedResponse() {
    throw new Error('the scripted README model does not stream');
  },
};

setTracingDisabled(true);
setDefaultModelProvider({ getModel: () => model });
