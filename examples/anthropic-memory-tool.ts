/**
 * Anthropic's memory tool (`memory_20250818`) with its files kept by engram: `createMemoryToolHandler` on the
 * embedded SQLite store, one `/memories` directory per user. Conversation 1 (the AI SDK's `generateText` with
 * `anthropic.tools.memory_20250818({ execute })`) saves what the user said; conversation 2, after the store is
 * opened again, reads it back and edits it; a path outside `/memories` is refused with a message the model
 * reads. Then the same handler from `@anthropic-ai/sdk`: a `tool_use` block in, a `tool_result` block out.
 * The model is a scripted MockLanguageModelV4 (from `ai/test`), so it runs with no key and no network; with a
 * key, pass `anthropic('claude-sonnet-4-5')` as the model instead.
 *
 *   npm run example -- anthropic-memory-tool
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropic } from '@ai-sdk/anthropic';
import type Anthropic from '@anthropic-ai/sdk';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createMemoryToolHandler } from 'engram/memory-tool';
import { createSqliteStore } from 'engram/sqlite';

type Call = { command: string; [key: string]: unknown };
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A scripted model: it makes the memory calls `plan` gives for what it has seen so far, then answers. */
function scriptedModel(plan: (seen: string[]) => Call | string) {
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      // The memory tool's results so far, as the model received them.
      const seen = prompt.flatMap((m) =>
        m.role === 'tool'
          ? m.content.flatMap((p) => (p.type === 'tool-result' ? [JSON.stringify(p.output)] : []))
          : [],
      );
      const next = plan(seen);
      const content =
        typeof next === 'string'
          ? [{ type: 'text' as const, text: next }]
          : [
              {
                type: 'tool-call' as const,
                toolCallId: `call_${seen.length}`,
                toolName: 'memory',
                input: JSON.stringify(next),
              },
            ];
      return {
        content,
        finishReason: { unified: typeof next === 'string' ? 'stop' : 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      } as const;
    },
  });
}

const dir = process.env.ENGRAM_DEMO_DIR ?? mkdtempSync(join(tmpdir(), 'engram-memory-tool-'));
const path = join(dir, 'memory-tool.db');
rmSync(path, { force: true });
const scope = { tenant: 'demo', user: 'ada' };

async function conversation(title: string, prompt: string, plan: (seen: string[]) => Call | string) {
  console.log(`\n== ${title}\nuser: ${prompt}`);
  const store = createSqliteStore({ path });
  const memory = createMemoryToolHandler({ store, scope });
  const execute = async (input: unknown) => {
    const result = await memory.execute(input);
    console.log(`→ memory ${JSON.stringify(input)}\n${result.replace(/^/gm, '    ')}`);
    return result;
  };
  const { text } = await generateText({
    model: scriptedModel(plan),
    tools: { memory: anthropic.tools.memory_20250818({ execute }) },
    prompt,
    stopWhen: stepCountIs(8),
  });
  console.log(`assistant: ${text}`);
  await store.close();
}

await conversation(
  'conversation 1',
  'I am Ada, I live in Oslo and I am allergic to peanuts.',
  (seen) =>
    [
      { command: 'view', path: '/memories' },
      {
        command: 'create',
        path: '/memories/user.md',
        file_text: '# User\n- Name: Ada\n- City: Oslo\n- Allergy: peanuts\n',
      },
    ][seen.length] ?? 'Noted, Ada.',
);

await conversation(
  'conversation 2 (the store opened again)',
  'I moved to Lisbon. Where do I live now?',
  (seen) => {
    const steps: Call[] = [
      { command: 'view', path: '/memories' },
      { command: 'view', path: '/memories/user.md' },
      { command: 'str_replace', path: '/memories/user.md', old_str: 'Oslo', new_str: 'Lisbon' },
      { command: 'view', path: '/memories/../../etc/passwd' },
    ];
    if (seen.length < steps.length) return steps[seen.length]!;
    const cities = [...seen.join('\n').matchAll(/City: (\w+)/g)].map((m) => m[1]);
    return `You live in ${cities.at(-1)} now (before: ${cities[0]}).`;
  },
);

console.log('\n== the same files from @anthropic-ai/sdk: a tool_use block in, a tool_result block out');
const store = createSqliteStore({ path });
const memory = createMemoryToolHandler({ store, scope });
const toolUse: Anthropic.Messages.ToolUseBlock = {
  type: 'tool_use',
  id: 'toolu_01',
  name: 'memory',
  input: { command: 'view', path: '/memories/user.md', view_range: [3, 4] },
  caller: { type: 'direct' },
};
const toolResult: Anthropic.Messages.ToolResultBlockParam = await memory.toolResult(toolUse);
console.log(JSON.stringify(toolResult, null, 2));
await store.close();
if (!process.env.ENGRAM_DEMO_DIR) rmSync(dir, { recursive: true, force: true });
