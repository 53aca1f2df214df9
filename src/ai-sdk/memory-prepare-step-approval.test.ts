import { generateText, type ModelMessage, stepCountIs, ToolLoopAgent } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalAnswer,
  approvalRequest,
  deniedResult,
  partTypes,
  removeTool,
} from '../../test-support/approval-tools.ts';
import {
  lookupTools,
  plainJson,
  type RecordedPrompt,
  type ScriptedReply,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../test-support/scripted-language-model.ts';
import { sendToModel } from '../../test-support/send-to-model.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from '../views/citation-memory.ts';
import { toContextView } from '../views/context-view.ts';
import { memoryPrepareStep } from './memory-prepare-step.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

const sqliteStore = tempSqliteStores('prepare-step-approval');
const stores = { memory: createMemoryStore, sqlite: sqliteStore };
const counter = createTokenCounter({ encoding: 'o200k_base' });
const task = 'Look up engram, then remove notes/old.txt.';

/** A conversation and the view read through: the conversation itself, or citations of every tool result. */
function setup(storeOf: () => ReturnType<typeof createMemoryStore>, cite: boolean) {
  const store = storeOf();
  const conversation = createConversationMemory({
    store,
    counter,
    scope: { tenant: 't', user: 'ada' },
    sessionId: 's',
  });
  const view = cite
    ? createCitationMemory({
        conversation,
        content: createContentStore({ store, scope: { tenant: 't', user: 'ada' }, counter }),
        policy: { default: { offload: 'always' } },
      })
    : conversation;
  const { tools: approvalTools, removed } = removeTool();
  const { model, prompts } = scriptedLanguageModel([
    { toolCalls: [{ toolName: 'lookup', input: { word: 'engram' } }] },
    { toolCalls: [{ toolName: 'remove', input: { path: 'notes/old.txt' } }] },
    { text: 'Done.' },
    { text: 'You are welcome.' },
  ]);
  const tools = { ...lookupTools(), ...approvalTools };
  const prepareStep = memoryPrepareStep({ view });
  return { conversation, view, model, prompts, tools, removed, prepareStep };
}

type Setup = ReturnType<typeof setup>;

/** The first call: a lookup, then a removal that stops the run for approval. */
async function askToRemove({ model, tools, prepareStep }: Setup) {
  const first = await generateText({ model, tools, prompt: task, prepareStep, stopWhen: stepCountIs(5) });
  await prepareStep.finish(first);
  return { first, ...approvalRequest(first.responseMessages) };
}

/** Where a caller takes the history the continuation call must carry (the SDK finds the request in it). */
const histories: Record<string, (s: Setup, first: ModelMessage[]) => Promise<ModelMessage[]>> = {
  'the view as sent (toAiSdkPrompt)': async ({ view }) => toAiSdkPrompt(await view.read()).messages,
  'the view as read, with ids': async ({ view }) => view.read(),
  'the caller’s own messages': async (_, first) => [{ role: 'user', content: task }, ...first],
};

const log = async ({ conversation }: Setup) => toModelMessages(await conversation.read());
const roles = (prompt: RecordedPrompt) => prompt.map((m) => m.role);

/** The log after an answered approval: the lookup, the request, the answer, the result (or denial), the reply. */
const continued = [
  'user',
  'assistant:tool-call',
  'tool:tool-result',
  'assistant:tool-call|tool-approval-request',
  'tool:tool-approval-response',
  'tool:tool-result',
  'assistant:text',
];

describe.each(Object.entries(stores))(
  'memoryPrepareStep continues a tool approval (%s store)',
  (_, store) => {
    describe.each([
      ['a conversation', false],
      ['a citation view', true],
    ])('read through %s', (_, cite) => {
      it.each(Object.keys(histories))(
        'approved, with the history from %s: the tool runs, each message is stored once, the next call sees it all',
        async (source) => {
          const s = setup(store, cite);
          const { first, approvalId, toolCallId } = await askToRemove(s);
          if (cite) {
            // The view shows the lookup's result as a citation: its history differs from the log.
            expect(plainJson(toAiSdkPrompt(await s.view.read()).messages)).not.toEqual(
              plainJson(await log(s)),
            );
          }
          const history = await histories[source]!(s, first.responseMessages);
          const answer = approvalAnswer(approvalId, true);
          const second = await generateText({
            model: s.model,
            tools: s.tools,
            messages: [...history, answer],
            prepareStep: s.prepareStep,
            stopWhen: stepCountIs(5),
          });
          await s.prepareStep.finish(second);

          expect(s.removed).toEqual(['notes/old.txt']);
          expect(second.text).toBe('Done.');
          expect(partTypes(await log(s))).toEqual(continued);
          expect(plainJson(await log(s))).toEqual(
            plainJson([
              { role: 'user', content: task },
              ...first.responseMessages,
              answer,
              ...second.responseMessages,
            ]),
          );
          expect(roles(s.prompts[2]!)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
          expect(unansweredToolCalls(s.prompts[2]!)).toEqual([]);

          const third = await generateText({ model: s.model, prompt: 'Thanks.', prepareStep: s.prepareStep });
          await s.prepareStep.finish(third);
          const seen = s.prompts[3]!;
          expect(roles(seen)).toEqual([
            'user',
            'assistant',
            'tool',
            'assistant',
            'tool',
            'assistant',
            'user',
          ]);
          expect(seen[4]!.content).toEqual([expect.objectContaining({ type: 'tool-result', toolCallId })]);
          expect(partTypes(await log(s))).toEqual([...continued, 'user', 'assistant:text']);
          await sendToModel(await s.view.read());
        },
      );

      it('denied: the execution-denied result is stored once and the model goes on without the tool', async () => {
        const s = setup(store, cite);
        const { approvalId, toolCallId } = await askToRemove(s);
        const history = toAiSdkPrompt(await s.view.read()).messages;
        const second = await generateText({
          model: s.model,
          tools: s.tools,
          messages: [...history, approvalAnswer(approvalId, false)],
          prepareStep: s.prepareStep,
          stopWhen: stepCountIs(5),
        });
        await s.prepareStep.finish(second);

        expect(s.removed).toEqual([]);
        expect(second.text).toBe('Done.');
        const stored = await log(s);
        expect(partTypes(stored)).toEqual(continued);
        expect(stored[5]!.content).toEqual(deniedResult(toolCallId));
        expect(unansweredToolCalls(s.prompts[2]!)).toEqual([]);
        await sendToModel(await s.view.read());
      });
    });

    it('over a ToolLoopAgent, streamed: approved, the answer and the result are stored once after the request', async () => {
      const s = setup(store, true);
      const agent = new ToolLoopAgent({ model: s.model, tools: s.tools, prepareStep: s.prepareStep });
      const first = await agent.generate({ prompt: task });
      await s.prepareStep.finish(first);
      const { approvalId } = approvalRequest(first.responseMessages);

      const history = toAiSdkPrompt(await s.view.read()).messages;
      const second = await agent.stream({ messages: [...history, approvalAnswer(approvalId, true)] });
      expect(await second.text).toBe('Done.');
      await s.prepareStep.finish({ responseMessages: second.responseMessages });
      expect(s.removed).toEqual(['notes/old.txt']);
      expect(partTypes(await log(s))).toEqual(continued);
    });

    it('a Memory of your own (toContextView): the history is found in what it reads and not stored again', async () => {
      const s = setup(store, false);
      const messages: ModelMessage[] = [];
      const own = toContextView({
        read: async () => [...messages],
        store: (m: ModelMessage) => void messages.push(m),
        appended: async () => [...messages],
      });
      const prepareStep = memoryPrepareStep({ view: own });
      const first = await generateText({
        model: s.model,
        tools: s.tools,
        prompt: task,
        prepareStep,
        stopWhen: stepCountIs(5),
      });
      await prepareStep.finish(first);
      const answer = approvalAnswer(approvalRequest(first.responseMessages).approvalId, true);
      const second = await generateText({
        model: s.model,
        tools: s.tools,
        messages: [...messages, answer],
        prepareStep,
        stopWhen: stepCountIs(5),
      });
      await prepareStep.finish(second);
      expect(s.removed).toEqual(['notes/old.txt']);
      expect(partTypes(messages)).toEqual(continued);
    });

    it('a continuation whose request the log does not hold stores its whole input, as any call', async () => {
      const s = setup(store, false);
      const other = setup(stores.memory, false);
      const { first, approvalId } = await askToRemove({ ...other, model: s.model });
      const input: ModelMessage[] = [
        { role: 'user', content: task },
        ...first.responseMessages,
        approvalAnswer(approvalId, true),
      ];
      const second = await generateText({
        model: s.model,
        tools: s.tools,
        messages: input,
        prepareStep: s.prepareStep,
        stopWhen: stepCountIs(5),
      });
      await s.prepareStep.finish(second);
      expect(s.removed).toEqual(['notes/old.txt']);
      expect(plainJson(await log(s))).toEqual(plainJson([...input, ...second.responseMessages]));
    });

    it('an answer under the id of a stored message with other content is DUPLICATE_MESSAGE_ID', async () => {
      const s = setup(store, false);
      const { approvalId } = await askToRemove(s);
      const stored = await s.conversation.read();
      const before = plainJson(await log(s));
      const answer: ModelMessage = Object.assign(approvalAnswer(approvalId, true), { id: stored[0]!.id });
      const second = generateText({
        model: s.model,
        tools: s.tools,
        messages: [...toAiSdkPrompt(stored).messages, answer],
        prepareStep: s.prepareStep,
      });
      await expect(second).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'DUPLICATE_MESSAGE_ID'));
      expect(plainJson(await log(s))).toEqual(before);
    });
  },
);

it('property: over rounds of approvals, answered with any history, the log is every input and response once, in order', async () => {
  const arbRound = fc.record({
    lookup: fc.boolean(),
    approved: fc.boolean(),
    source: fc.constantFrom(...Object.keys(histories)),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(arbRound, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      async (rounds, cite) => {
        const s = setup(createMemoryStore, cite);
        const replies: ScriptedReply[] = rounds.flatMap(({ lookup }, r) => [
          ...(lookup ? [{ toolCalls: [{ toolName: 'lookup', input: { word: `w${r}` } }] }] : []),
          { toolCalls: [{ toolName: 'remove', input: { path: `file${r}` } }] },
          { text: `ok ${r}` },
        ]);
        const { model, prompts } = scriptedLanguageModel(replies);
        const expected: ModelMessage[] = [];
        for (const [r, { approved, source }] of rounds.entries()) {
          const prompt = `round ${r}`;
          const first = await generateText({
            model,
            tools: s.tools,
            prompt,
            prepareStep: s.prepareStep,
            stopWhen: stepCountIs(5),
          });
          await s.prepareStep.finish(first);
          const answer = approvalAnswer(approvalRequest(first.responseMessages).approvalId, approved);
          const history = await histories[source]!(s, first.responseMessages);
          const second = await generateText({
            model,
            tools: s.tools,
            messages: [...history, answer],
            prepareStep: s.prepareStep,
            stopWhen: stepCountIs(5),
          });
          await s.prepareStep.finish(second);
          expected.push(
            { role: 'user', content: prompt },
            ...first.responseMessages,
            answer,
            ...second.responseMessages,
          );
        }
        expect(plainJson(await log(s))).toEqual(plainJson(expected));
        expect(s.removed).toEqual(rounds.flatMap(({ approved }, r) => (approved ? [`file${r}`] : [])));
        for (const prompt of prompts) expect(unansweredToolCalls(prompt)).toEqual([]);
      },
    ),
    { numRuns: 30 },
  );
});
