import { InvalidToolApprovalError, type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  approvalAnswer as answer,
  approvalRequest,
  deniedResult,
  partTypes as parts,
  removeTool,
} from '../../test-support/approval-tools.ts';
import {
  plainJson,
  type RecordedPrompt,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../test-support/scripted-language-model.ts';
import { sendToModel } from '../../test-support/send-to-model.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { withMemory } from './with-memory.ts';

const sqliteStore = tempSqliteStores('with-memory-approval');
const stores = { memory: createMemoryStore, sqlite: sqliteStore };

/** The log after an answered approval: the request, the answer, the tool's result (or denial), the reply. */
const continued = [
  'user',
  'assistant:tool-call|tool-approval-request',
  'tool:tool-approval-response',
  'tool:tool-result',
  'assistant:text',
];
const roles = (prompt: RecordedPrompt) => prompt.map((m) => m.role);

describe.each(Object.entries(stores))('withMemory continues a tool approval (%s store)', (_, store) => {
  const setup = () => {
    const memory = createConversationMemory({
      store: store(),
      scope: { tenant: 't', user: 'ada' },
      sessionId: 's',
    });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'remove', input: { path: 'notes/old.txt' } }] },
      { text: 'Done.' },
    ]);
    return { memory, model, prompts, ...removeTool() };
  };

  it('over agent settings: approved, the tool runs, its result is stored once, the model answers', async () => {
    const { memory, model, prompts, tools, removed } = setup();
    const agent = withMemory({ model, tools }, { memory });
    const first = await agent.generate({ prompt: 'Remove notes/old.txt.' });
    const { approvalId } = approvalRequest(toModelMessages(await memory.read()));
    expect(removed).toEqual([]);

    const second = await agent.generate({ messages: [answer(approvalId, true)] });
    expect(removed).toEqual(['notes/old.txt']);
    expect(second.text).toBe('Done.');
    expect(roles(prompts[1]!)).toEqual(['user', 'assistant', 'tool']);
    expect(unansweredToolCalls(prompts[1]!)).toEqual([]);
    const log = toModelMessages(await memory.read());
    expect(plainJson(log)).toEqual(
      plainJson([
        { role: 'user', content: 'Remove notes/old.txt.' },
        ...first.responseMessages,
        answer(approvalId, true),
        ...second.responseMessages,
      ]),
    );
    expect(parts(log)).toEqual(continued);
    await sendToModel(await memory.read());
  });

  it('over agent settings: denied, the denial is stored and the model goes on without running the tool', async () => {
    const { memory, model, prompts, tools, removed } = setup();
    const agent = withMemory({ model, tools }, { memory });
    await agent.generate({ prompt: 'Remove notes/old.txt.' });
    const { approvalId, toolCallId } = approvalRequest(toModelMessages(await memory.read()));

    const second = await agent.generate({ messages: [answer(approvalId, false)] });
    expect(removed).toEqual([]);
    expect(second.text).toBe('Done.');
    expect(prompts).toHaveLength(2);
    const log = toModelMessages(await memory.read());
    expect(parts(log)).toEqual(continued);
    expect(log[3]!.content).toEqual(deniedResult(toolCallId));
    await sendToModel(await memory.read());
  });

  it('over agent settings, streamed: approved, the result is stored when the stream ends', async () => {
    const { memory, model, tools, removed } = setup();
    const agent = withMemory({ model, tools }, { memory });
    await (await agent.stream({ prompt: 'Remove notes/old.txt.' })).consumeStream();
    await agent.settled();
    const { approvalId } = approvalRequest(toModelMessages(await memory.read()));

    const second = await agent.stream({ messages: [answer(approvalId, true)] });
    expect(await second.text).toBe('Done.');
    await agent.settled();
    expect(removed).toEqual(['notes/old.txt']);
    expect(parts(toModelMessages(await memory.read()))).toEqual(continued);
    await sendToModel(await memory.read());
  });

  it('over agent settings: the caller’s prepareStep sees the answer as the call’s input, not the history', async () => {
    const { memory, model, tools } = setup();
    const initial: ModelMessage[][] = [];
    const agent = withMemory(
      {
        model,
        tools,
        prepareStep: ({ initialMessages }) => {
          initial.push(initialMessages);
          return {};
        },
      },
      { memory },
    );
    await agent.generate({ prompt: 'Remove notes/old.txt.' });
    const { approvalId } = approvalRequest(toModelMessages(await memory.read()));
    await agent.generate({ messages: [answer(approvalId, true)] });
    expect(plainJson(initial.at(-1)!)).toEqual(plainJson([answer(approvalId, true)]));
  });

  it('over agent settings: an answer to no request is the SDK’s error and leaves the log as it was', async () => {
    const { memory, model, tools, removed } = setup();
    const agent = withMemory({ model, tools }, { memory });
    await agent.generate({ prompt: 'Remove notes/old.txt.' });
    const before = plainJson(toModelMessages(await memory.read()));
    await expect(agent.generate({ messages: [answer('no-such-approval', true)] })).rejects.toThrow(
      InvalidToolApprovalError,
    );
    expect(removed).toEqual([]);
    expect(plainJson(toModelMessages(await memory.read()))).toEqual(before);
  });

  it('over an existing ToolLoopAgent: approved, the tool runs and the log stays whole', async () => {
    const { memory, model, tools, removed } = setup();
    const agent = withMemory(new ToolLoopAgent({ model, tools }), { memory });
    await agent.generate({ prompt: 'Remove notes/old.txt.' });
    const { approvalId } = approvalRequest(toModelMessages(await memory.read()));

    const second = await agent.generate({ messages: [answer(approvalId, true)] });
    expect(removed).toEqual(['notes/old.txt']);
    expect(second.text).toBe('Done.');
    expect(parts(toModelMessages(await memory.read()))).toEqual(continued);
    await sendToModel(await memory.read());
  });
});
