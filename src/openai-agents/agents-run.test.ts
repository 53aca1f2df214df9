import {
  type AgentInputItem,
  MemorySession,
  OutputGuardrailTripwireTriggered,
  run,
  type Session,
  setTracingDisabled,
} from '@openai/agents-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import {
  type ScriptedAgentsModel,
  scriptedAgentsModel,
  userTexts,
  weatherAgent,
  weatherResponder,
} from '../../test-support/reliability/scripted-agents-model.ts';
import { createEngramSession } from './engram-session.ts';

beforeAll(() => setTracingDisabled(true));

const turns = [
  'Hi, I am Ada.',
  'What is the weather in Paris?',
  'And the weather in Oslo?',
  'What did I ask before?',
];

/** Runs the turns on sessions made by `open` (a new one per turn), returning the final outputs. */
async function converse(
  model: ScriptedAgentsModel,
  open: () => Promise<{ session: Session; close(): Promise<void> }>,
) {
  const outputs: unknown[] = [];
  for (const input of turns) {
    const { session, close } = await open();
    outputs.push((await run(weatherAgent(model), input, { session })).finalOutput);
    await close();
  }
  return outputs;
}

/** The turns on the SDK's own MemorySession: what an engram session must reproduce. */
async function oracleConversation() {
  const oracleModel = scriptedAgentsModel(weatherResponder);
  const oracle = new MemorySession();
  const expected = await converse(oracleModel, async () => ({ session: oracle, close: async () => {} }));
  return { oracleModel, oracle, expected };
}

describe('run(agent, input, { session }) with an engram session: the SDK’s own run loop, a scripted model', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: each turn in its own process: the model is sent what the SDK’s MemorySession sends`,
      async () => {
        const db = await driver.setup('agents_processes');
        try {
          const { oracleModel, oracle, expected } = await oracleConversation();
          const calls: unknown[] = [];
          const outputs: unknown[] = [];
          for (const input of turns) {
            const child = runChildScript('./agents-turn-child.ts', {
              location: db.child,
              sessionId: 'chat-p',
              input,
            });
            const ended = await child.exited;
            expect(ended.code, child.stderr()).toBe(0);
            const line = (tag: string) =>
              JSON.parse(child.lines.find((l) => l.startsWith(`${tag} `))!.slice(tag.length + 1));
            calls.push(...(line('calls') as unknown[]));
            outputs.push(line('output'));
          }
          expect(outputs).toEqual(expected);
          expect(calls).toEqual(oracleModel.calls);
          const store = db.open();
          const session = createEngramSession({
            store,
            scope: { tenant: 'acme', user: 'ada' },
            sessionId: 'chat-p',
          });
          expect(JSON.stringify(await session.getItems())).toBe(JSON.stringify(await oracle.getItems()));
          await store.close();
        } finally {
          await db.done();
        }
      },
      60_000,
    );

    it.skipIf(driver.skip)(
      `${driver.name}: four turns with tool calls, a restart before each turn: the same history as the SDK’s MemorySession`,
      async () => {
        const db = await driver.setup('agents_run');
        try {
          const { oracleModel, oracle, expected } = await oracleConversation();

          const model = scriptedAgentsModel(weatherResponder);
          const scope = { tenant: 'acme', user: 'ada' };
          const outputs = await converse(model, async () => {
            const store = db.open(); // a new handle and a new session object per turn: a process restart
            return {
              session: createEngramSession({ store, scope, sessionId: 'chat-1' }),
              close: () => store.close(),
            };
          });

          expect(outputs).toEqual(expected);
          expect(outputs.at(-1)).toBe(
            'You asked: Hi, I am Ada. | What is the weather in Paris? | And the weather in Oslo?',
          );
          // Every model request was sent exactly the history the SDK's own session sends.
          expect(model.calls).toEqual(oracleModel.calls);
          expect(model.calls).toHaveLength(6);

          const store = db.open();
          const session = createEngramSession({ store, scope, sessionId: 'chat-1' });
          const items = await session.getItems();
          expect(JSON.stringify(items)).toBe(JSON.stringify(await oracle.getItems()));
          expect(items).toHaveLength(12);
          // The same log, as engram messages: each tool call answered by its tool result.
          const messages = await session.memory.read();
          expect(messages.map((m) => m.role).join(' ')).toBe(
            'user assistant user assistant tool assistant user assistant tool assistant user assistant',
          );
          expect(messages[3]!.content).toMatchObject([
            { type: 'tool-call', toolName: 'weather', input: { city: 'Paris' } },
          ]);
          expect(messages[4]!.content).toMatchObject([
            { type: 'tool-result', output: { type: 'text', value: 'sunny and 20°C in Paris' } },
          ]);
          // Another user's session of the same id starts empty: the model sees only that user's turn.
          const bobModel = scriptedAgentsModel(weatherResponder);
          const bob = createEngramSession({
            store,
            scope: { tenant: 'acme', user: 'bob' },
            sessionId: 'chat-1',
          });
          await run(weatherAgent(bobModel), 'What did I ask before?', { session: bob });
          expect(bobModel.calls).toEqual([
            [{ type: 'message', role: 'user', content: 'What did I ask before?' }],
          ]);
          await store.close();
        } finally {
          await db.done();
        }
      },
    );

    it.skipIf(driver.skip)(
      `${driver.name}: two concurrent runs on one session (two handles): nothing lost or duplicated, each run’s items together`,
      async () => {
        const db = await driver.setup('agents_concurrent');
        const [a, b] = [db.open(), db.open()];
        try {
          const model = scriptedAgentsModel(weatherResponder);
          const writer = async (store: typeof a, cities: string[]) => {
            const session = createEngramSession({ store, sessionId: 'shared' });
            for (const city of cities)
              await run(weatherAgent(model), `What is the weather in ${city}?`, { session });
          };
          const left = ['Paris', 'Oslo', 'Rome', 'Lima'];
          const right = ['Tokyo', 'Cairo', 'Quito', 'Perth'];
          await Promise.all([writer(a, left), writer(b, right)]);

          const items = await createEngramSession({ store: a, sessionId: 'shared' }).getItems();
          expect(items).toHaveLength(4 * (left.length + right.length));
          expect(userTexts(items).sort()).toEqual(
            [...left, ...right].map((c) => `What is the weather in ${c}?`).sort(),
          );
          // The two writers' runs overlapped: their turns alternate in the log rather than one writer's after the other's.
          const order = userTexts(items).map((t) => (left.some((c) => t.includes(c)) ? 'L' : 'R'));
          expect(order.join('')).not.toMatch(/^(L+R+|R+L+)$/);
          // The SDK persists a run's input and outputs with one addItems, which is one atomic append.
          for (let i = 0; i < items.length; i += 4) {
            const city = /weather in (\w+)/.exec(userTexts([items[i]!])[0] ?? '')?.[1];
            const run4 = items.slice(i, i + 4) as Record<string, unknown>[];
            expect(run4.map((x) => x.type ?? x.role)).toEqual([
              'message',
              'function_call',
              'function_call_result',
              'message',
            ]);
            expect(JSON.stringify(run4)).not.toMatch(
              new RegExp([...left, ...right].filter((c) => c !== city).join('|')),
            );
          }
        } finally {
          await a.close();
          await b.close();
          await db.done();
        }
      },
    );
  }

  it('a blocked output guardrail persists the turn through a history transaction, as MemorySession does', async () => {
    const { createMemoryStore } = await import('../drivers/memory/memory-driver.ts');
    const sessions: Session[] = [new MemorySession(), createEngramSession({ store: createMemoryStore() })];
    const stored: AgentInputItem[][] = [];
    for (const session of sessions) {
      const agent = weatherAgent(scriptedAgentsModel(weatherResponder), true);
      await expect(run(agent, 'What is the weather in Paris?', { session })).rejects.toBeInstanceOf(
        OutputGuardrailTripwireTriggered,
      );
      stored.push(await session.getItems());
    }
    expect(stored[1]).toEqual(stored[0]);
    expect(stored[1]!.map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_result']);
    const engram = sessions[1] as ReturnType<typeof createEngramSession>;
    expect(await engram.memory.listArtifacts('openai-agents.operation')).toHaveLength(1);
  });
});
