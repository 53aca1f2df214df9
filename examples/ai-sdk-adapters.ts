/**
 * engram with the plain AI SDK, no engram agent loop: `withMemory` gives a ToolLoopAgent memory (a token
 * window over a conversation log), `memoryPrepareStep` does the same for a bare `generateText`, and
 * `contentToModelOutput` keeps a large tool output in the content store. Each step prints what the model
 * was sent. With OPENAI_API_KEY set and `@ai-sdk/openai` installed it uses gpt-4o-mini; otherwise a scripted
 * MockLanguageModelV4 answers, so it runs with no key and no network.
 *
 *   npm run example -- ai-sdk-adapters
 */

import { generateText, jsonSchema, type LanguageModel, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import {
  createContentStore,
  createConversationMemory,
  createTokenCounter,
  createTokenWindowMemory,
} from 'engram';
import { contentToModelOutput, memoryPrepareStep, withMemory } from 'engram/ai-sdk';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
type Prompt = { role: string; content: string | { type: string; text?: string; toolName?: string }[] }[];

/** Prints one line per message the model received. */
function show(label: string, prompt: Prompt) {
  console.log(`\n${label}: ${prompt.length} messages`);
  for (const m of prompt) {
    const text =
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => p.text ?? `[${p.type}${p.toolName ? ` ${p.toolName}` : ''}]`).join(' ');
    console.log(`  ${m.role.padEnd(9)} ${text.replace(/\s+/g, ' ').slice(0, 90)}`);
  }
}

/** A scripted model: looks the word up when asked to define something, else answers from what it was sent. */
function scriptedModel(): LanguageModel {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      show(`step ${++step}`, prompt as Prompt);
      const last = prompt.at(-1)!;
      const asked = last.role === 'user' ? JSON.stringify(last.content) : '';
      if (asked.includes('Define')) {
        return {
          content: [
            {
              type: 'tool-call',
              toolCallId: `call_${step}`,
              toolName: 'dictionary',
              input: '{"word":"engram"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
      }
      const knowsName = JSON.stringify(prompt).includes('I am Ada');
      const text =
        last.role === 'tool'
          ? 'An engram is a memory trace.'
          : asked.includes('I am Ada')
            ? 'Hello Ada!'
            : knowsName
              ? 'You are Ada.'
              : 'I do not know.';
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

async function realModel(): Promise<LanguageModel | undefined> {
  if (!process.env.OPENAI_API_KEY) return undefined;
  try {
    const name = '@ai-sdk/openai';
    const { openai } = (await import(name)) as { openai: (id: string) => LanguageModel };
    return openai('gpt-4o-mini');
  } catch {
    console.log('OPENAI_API_KEY is set but @ai-sdk/openai is not installed: using the scripted model');
    return undefined;
  }
}

const model = (await realModel()) ?? scriptedModel();
const content = createContentStore({ counter: createTokenCounter() });
const dictionary = tool({
  description: 'Looks a word up in a (very long) dictionary entry.',
  inputSchema: jsonSchema<{ word: string }>({ type: 'object', properties: { word: { type: 'string' } } }),
  execute: async ({ word }) => `${word}: ${'a hypothetical memory trace in the brain; '.repeat(200)}`,
  toModelOutput: contentToModelOutput({ content, toolName: 'dictionary' }),
});

console.log('== withMemory: a ToolLoopAgent over a 2,000-token window of a conversation log');
const memory = createConversationMemory();
const agent = withMemory(
  { model, tools: { dictionary }, instructions: 'Be brief.', stopWhen: stepCountIs(4) },
  { view: createTokenWindowMemory({ conversation: memory, maxTokens: 2_000 }) },
);
for (const prompt of ['Hi, I am Ada.', 'Define engram.', 'Who am I?']) {
  const { text } = await agent.generate({ prompt });
  console.log(`  → ${text}`);
}
console.log(`\nthe log holds ${(await memory.read()).length} messages, each stored once`);
console.log(
  `content store: ${(await content.query()).items.length} item(s) (the dictionary entry, citable by id)`,
);

console.log('\n== memoryPrepareStep: a bare generateText with the same memory');
const prepareStep = memoryPrepareStep({ view: memory, instructions: 'Be brief.' });
const result = await generateText({ model, prompt: 'Do you still know who I am?', prepareStep });
await prepareStep.finish(result);
console.log(
  `  → ${result.text}\nthe log now holds ${(await memory.read()).length} messages, each stored once`,
);
