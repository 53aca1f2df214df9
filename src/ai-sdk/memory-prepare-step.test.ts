import { generateText, type ModelMessage, stepCountIs, streamText } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lookupTools,
  plainJson,
  type RecordedPrompt,
  type ScriptedReply,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../test-support/scripted-language-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { readAssemblyRecords } from '../views/assembly/assembly-records.ts';
import { recordAssemblies } from '../views/assembly/record-assemblies.ts';
import { createTokenWindowMemory } from '../views/token-window-memory.ts';
import { memoryPrepareStep } from './memory-prepare-step.ts';

const tools = lookupTools();

/** What the model saw, as role:text lines (tool parts by id), for readable assertions. */
const roles = (prompt: RecordedPrompt) =>
  prompt.map((m) =>
    typeof m.content === 'string'
      ? `${m.role}:${m.content}`
      : `${m.role}:${m.content.map((p) => ('text' in p ? p.text : `${p.type}(${'toolCallId' in p ? p.toolCallId : ''})`)).join('|')}`,
  );
const plain = plainJson;

const lookupTwice: ScriptedReply[] = [
  { toolCalls: [{ toolName: 'lookup', input: { word: 'engram' } }] },
  { toolCalls: [{ toolName: 'lookup', input: { word: 'memory' } }] },
  { text: 'An engram is a memory trace.' },
];

describe('memoryPrepareStep', () => {
  it('records what each step was sent when the view is wrapped by recordAssemblies', async () => {
    const memory = createConversationMemory({ sessionId: 'adapter' });
    const { model, prompts } = scriptedLanguageModel(lookupTwice);
    const view = recordAssemblies(createTokenWindowMemory({ conversation: memory, maxTokens: 4_000 }));
    const prepareStep = memoryPrepareStep({ view });
    const result = await generateText({
      model,
      tools,
      prompt: 'What is an engram?',
      prepareStep,
      stopWhen: stepCountIs(5),
    });
    await prepareStep.finish(result);
    const records = await readAssemblyRecords(memory.storage, memory.scope, 'adapter');
    expect(records.map((r) => r.items.length)).toEqual(prompts.map((p) => p.length));
    expect(records.map((r) => r.items.map((i) => i.source))).toEqual([
      ['message'],
      ['message', 'message', 'tool-result'],
      ['message', 'message', 'tool-result', 'message', 'tool-result'],
    ]);
  });

  it('sends the view at every step and stores each message once, in order', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel(lookupTwice);
    const prepareStep = memoryPrepareStep({ view: memory, instructions: 'Be brief.' });
    const result = await generateText({
      model,
      tools,
      prompt: 'What is an engram?',
      prepareStep,
      stopWhen: stepCountIs(5),
    });
    await prepareStep.finish(result);

    expect(prompts.map(roles)).toEqual([
      ['system:Be brief.', 'user:What is an engram?'],
      [
        'system:Be brief.',
        'user:What is an engram?',
        'assistant:tool-call(call_1_0)',
        'tool:tool-result(call_1_0)',
      ],
      [
        'system:Be brief.',
        'user:What is an engram?',
        'assistant:tool-call(call_1_0)',
        'tool:tool-result(call_1_0)',
        'assistant:tool-call(call_2_0)',
        'tool:tool-result(call_2_0)',
      ],
    ]);
    const log = toModelMessages(await memory.read());
    expect(plain(log)).toEqual(
      plain([{ role: 'user', content: 'What is an engram?' }, ...result.responseMessages]),
    );
    await prepareStep.finish(result); // idempotent
    expect(await memory.read()).toHaveLength(log.length);
  });

  it('a second call remembers the first, and keeps the call instructions when it has none of its own', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel([{ text: 'Hi Ada.' }, { text: 'Your name is Ada.' }]);
    const prepareStep = memoryPrepareStep({ view: memory });
    for (const prompt of ['My name is Ada.', 'What is my name?']) {
      const result = await generateText({ model, instructions: 'You are kind.', prompt, prepareStep });
      await prepareStep.finish(result);
    }
    expect(roles(prompts[1]!)).toEqual([
      'system:You are kind.',
      'user:My name is Ada.',
      'assistant:Hi Ada.',
      'user:What is my name?',
    ]);
    expect(await memory.read()).toHaveLength(4);
  });

  it('applies a token window inside one tool loop without splitting a tool call from its result', async () => {
    const memory = createConversationMemory();
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 150 });
    const { model, prompts } = scriptedLanguageModel(lookupTwice);
    const prepareStep = memoryPrepareStep({ view });
    const result = await generateText({
      model,
      tools,
      prompt: 'Define two words.',
      prepareStep,
      stopWhen: stepCountIs(5),
    });
    await prepareStep.finish(result);
    const last = roles(prompts[2]!);
    // The window cut inside the turn: the first step is left out, and the task still opens the prompt.
    expect(last).toEqual([
      'user:Define two words.',
      'assistant:tool-call(call_2_0)',
      'tool:tool-result(call_2_0)',
    ]);
    for (const prompt of prompts) expect(unansweredToolCalls(prompt)).toEqual([]);
    expect(await memory.read()).toHaveLength(1 + result.responseMessages.length); // the log keeps everything
  });

  it('stores a stream once it is finished', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel(lookupTwice);
    const prepareStep = memoryPrepareStep({ view: memory });
    const result = streamText({ model, tools, prompt: 'Stream it.', prepareStep, stopWhen: stepCountIs(5) });
    expect(await result.text).toBe('An engram is a memory trace.');
    await prepareStep.finish({ responseMessages: result.responseMessages });
    expect(prompts).toHaveLength(3);
    expect(plain(toModelMessages(await memory.read()))).toEqual(
      plain([{ role: 'user', content: 'Stream it.' }, ...(await result.responseMessages)]),
    );
  });

  it('stores nothing of the input when storeInput is false (the caller stored the turn)', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'Stored by me.' });
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const prepareStep = memoryPrepareStep({ view: memory, storeInput: false });
    await prepareStep.finish(await generateText({ model, prompt: '(continue)', prepareStep }));
    expect(roles(prompts[0]!)).toEqual(['user:Stored by me.']);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('refuses bad options and a second call before finish, with typed errors', async () => {
    const invalid = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return MemoryError.hasCode(error, 'INVALID_ARGUMENT') && error.component === 'ai-sdk';
      }
      return false;
    };
    expect(invalid(() => memoryPrepareStep({} as never))).toBe(true);
    expect(invalid(() => memoryPrepareStep({ view: { read: () => [] } as never }))).toBe(true);
    expect(
      invalid(() => memoryPrepareStep({ view: createConversationMemory(), instructions: 3 as never })),
    ).toBe(true);

    const memory = createConversationMemory();
    const { model } = scriptedLanguageModel([{ text: 'one' }, { text: 'two' }]);
    const prepareStep = memoryPrepareStep({ view: memory });
    await generateText({ model, prompt: 'first', prepareStep }); // no finish()
    const second = generateText({ model, prompt: 'second', prepareStep });
    await expect(second).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'INVALID_ARGUMENT'));
    expect(await memory.read()).toHaveLength(1); // 'first' stored; its answer needs finish(result)
    await prepareStep.finish(); // end the run after a failure: the next call works
    await prepareStep.finish(await generateText({ model, prompt: 'third', prepareStep }));
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'first',
      'third',
      [{ type: 'text', text: 'two' }],
    ]);
  });

  it('property: the log is the input and every response message once, in order; no prompt has an unanswered call', async () => {
    const arbScript = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbScript, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (runs, window) => {
          const memory = createConversationMemory();
          const view = window ? createTokenWindowMemory({ conversation: memory, maxTokens: 300 }) : memory;
          const prepareStep = memoryPrepareStep({ view });
          const expected: ModelMessage[] = [];
          for (const [r, script] of runs.entries()) {
            const replies: ScriptedReply[] = script.map((calls) =>
              calls === 0
                ? { toolCalls: [{ toolName: 'lookup', input: { word: 'w' } }] }
                : {
                    toolCalls: Array.from({ length: calls }, (_, i) => ({
                      toolName: 'lookup',
                      input: { word: `w${i}` },
                    })),
                  },
            );
            const { model, prompts } = scriptedLanguageModel(replies);
            const result = await generateText({
              model,
              tools,
              prompt: `run ${r}`,
              prepareStep,
              stopWhen: stepCountIs(10),
            });
            await prepareStep.finish(result);
            expected.push({ role: 'user', content: `run ${r}` }, ...result.responseMessages);
            for (const prompt of prompts) expect(unansweredToolCalls(prompt)).toEqual([]);
          }
          expect(plain(toModelMessages(await memory.read()))).toEqual(plain(expected));
        },
      ),
      { numRuns: 25 },
    );
  });
});
