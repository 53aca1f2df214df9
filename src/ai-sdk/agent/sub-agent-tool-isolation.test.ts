import { describe, expect, it } from 'vitest';
import { type RecordedPrompt, scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { agent } from './agent.ts';
import { subAgentTool } from './sub-agent-tool.ts';

const sqlite = tempSqliteStores('sub-agent-isolation');

/**
 * Lead runs, each calling the `helper` sub-agent (isolated, on `store`) with its task; the scripted lead model gives
 * every run's call the same id (`call_1_0`), as a provider that repeats ids does. The sub-agent's prompts come back.
 */
async function leadRuns(store: MemoryStoreV1, tasks: readonly string[], together: boolean) {
  const sub = scriptedLanguageModel(tasks.map((_, i) => ({ text: `done ${i}` })));
  const helper = agent({ name: 'helper', description: 'Helps', model: sub.model });
  const run = (task: string) => {
    const { model } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'helper', input: { task } }] },
      { text: 'ok' },
    ]);
    const tools = { helper: subAgentTool(helper, { caller: 'lead', store }) };
    return agent({ name: 'lead', description: 'Leads', model, tools }).run('go').result;
  };
  if (together) await Promise.all(tasks.map(run));
  else for (const task of tasks) await run(task);
  return sub.prompts;
}

const sawTasks = (prompt: RecordedPrompt | undefined, tasks: readonly string[]) =>
  tasks.filter((t) => JSON.stringify(prompt).includes(t));

describe('subAgentTool isolated on a store: a repeated tool call id never hands one call the memory of another', () => {
  for (const [name, open] of [
    ['in-process', () => createMemoryStore()],
    ['SQLite', sqlite],
  ] as const) {
    for (const together of [false, true]) {
      it(`${name}, calls ${together ? 'at once' : 'one after another'}: each run sees its own task only`, async () => {
        const store = open();
        const tasks = ["acme's merger plan", "globex's layoffs"];
        const prompts = await leadRuns(store, tasks, together);
        // Before: the second call opened session lead/helper/call_1_0 again, holding the first task and answer.
        expect(prompts.map((p) => sawTasks(p, tasks).length)).toEqual([1, 1]);
        const ids = (await store.listSessions({ tenant: 'default' })).map((s) => s.id).sort();
        expect(ids[0]).toBe('lead/helper/call_1_0'); // the first keeps the documented name
        expect(ids[1]).toMatch(/^lead\/helper\/call_1_0\/./);
        await store.close();
      });
    }
  }
});
