import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { approvalAnswer, partTypes, removeTool } from '../../test-support/approval-tools.ts';
import {
  lookupTools,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../test-support/scripted-language-model.ts';
import { sendToModel } from '../../test-support/send-to-model.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { memoryPrepareStep } from './memory-prepare-step.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

const stores = { memory: createMemoryStore, sqlite: tempSqliteStores('prepare-step-merged') };
const counter = createTokenCounter({ encoding: 'o200k_base' });
const task = 'Look up engram and remove notes/old.txt.';

/** The tool message after the request holding the step's results, and the approval answers merged into it. */
function merge(history: readonly ModelMessage[], answer: ModelMessage): ModelMessage[] {
  const last = history.at(-1);
  if (last?.role !== 'tool' || answer.role !== 'tool')
    throw new Error('the history does not end with a tool message');
  return [...history.slice(0, -1), { ...last, content: [...last.content, ...answer.content] }];
}

describe.each(Object.entries(stores))(
  'memoryPrepareStep: approval answers merged into the tool message of the step that asked (%s store)',
  (_, storeOf) => {
    it.each([
      ['as sent (toAiSdkPrompt, no ids)', true],
      ['as read, with ids (the merged message keeps the stored one’s id)', false],
    ])(
      'stores the answers once and the results already stored never again, the history %s',
      async (_, sent) => {
        const conversation = createConversationMemory({
          store: storeOf(),
          counter,
          scope: { tenant: 't', user: 'ada' },
          sessionId: 's',
        });
        const { tools: approvalTools, removed } = removeTool();
        const tools = { ...lookupTools(), ...approvalTools };
        // One step calls both tools: the lookup runs, the removal waits for approval.
        const { model, prompts } = scriptedLanguageModel([
          {
            toolCalls: [
              { toolName: 'lookup', input: { word: 'engram' } },
              { toolName: 'remove', input: { path: 'notes/old.txt' } },
            ],
          },
          { text: 'Done.' },
        ]);
        const prepareStep = memoryPrepareStep({ view: conversation });
        const first = await generateText({
          model,
          tools,
          prompt: task,
          prepareStep,
          stopWhen: stepCountIs(5),
        });
        await prepareStep.finish(first);
        const assistant = first.responseMessages.find((m) => m.role === 'assistant');
        if (assistant === undefined || typeof assistant.content === 'string')
          throw new Error('no assistant message');
        const request = assistant.content.find((p) => p.type === 'tool-approval-request');
        if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
        const before = partTypes(toModelMessages(await conversation.read()));
        expect(before).toEqual([
          'user',
          'assistant:tool-call|tool-call|tool-approval-request',
          'tool:tool-result',
        ]);

        const read = await conversation.read();
        const history = sent ? toAiSdkPrompt(read).messages : read;
        const second = await generateText({
          model,
          tools,
          messages: merge(history, approvalAnswer(request.approvalId, true)),
          prepareStep,
          stopWhen: stepCountIs(5),
        });
        await prepareStep.finish(second);

        expect(removed).toEqual(['notes/old.txt']);
        const log = toModelMessages(await conversation.read());
        // The lookup's result was stored with the first run: the merged message adds only the answer.
        const lookupResults = log.flatMap((m) =>
          m.role === 'tool'
            ? m.content.filter((p) => p.type === 'tool-result' && p.toolName === 'lookup')
            : [],
        );
        expect(lookupResults).toHaveLength(1);
        expect(partTypes(log)).toEqual([
          ...before,
          'tool:tool-approval-response',
          'tool:tool-result',
          'assistant:text',
        ]);
        expect(unansweredToolCalls(prompts[1]!)).toEqual([]);
        await sendToModel(await conversation.read());
      },
    );
  },
);
