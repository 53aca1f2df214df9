/**
 * Child script of the OpenAI Agents session test: one turn of the weather agent through the SDK's own `run()`
 * on an engram session, in its own process. Prints `calls <json>` (what the scripted model was sent) and
 * `output <json>` (the turn's final output), then exits: the next turn is another process.
 */
import { run, setTracingDisabled } from '@openai/agents-core';
import { createEngramSession } from '../../src/openai-agents/engram-session.ts';
import { childConfig, emit } from './child-process.ts';
import { openReopenable, type ReopenableLocation } from './reopenable-stores.ts';
import { scriptedAgentsModel, weatherAgent, weatherResponder } from './scripted-agents-model.ts';

/** What the parent passes in argv[2]. */
export interface AgentsTurnChildConfig {
  location: ReopenableLocation;
  sessionId: string;
  input: string;
}

setTracingDisabled(true);
const config = childConfig<AgentsTurnChildConfig>();
const store = openReopenable(config.location);
const model = scriptedAgentsModel(weatherResponder);
const session = createEngramSession({
  store,
  scope: { tenant: 'acme', user: 'ada' },
  sessionId: config.sessionId,
});
const result = await run(weatherAgent(model), config.input, { session });
emit(`calls ${JSON.stringify(model.calls)}`);
emit(`output ${JSON.stringify(result.finalOutput)}`);
await store.close();
