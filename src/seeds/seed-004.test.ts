/**
 * Seed 004 (an agent memory as a content store, "the fourth channel"). None of its content store exists yet:
 * AgentMemory, MemoryItem, transforms, criteria, the Store / Retrieve / Query actions, first-use compaction and
 * compaction plugins are issue 8; memory in the agent's params and sub-agent sharing are issue 10. What engram
 * already does toward the seed's goal — full results kept out of the context and retrievable by id — is tested
 * here. Mapping: docs/seeds.md.
 */
import { describe, expect, it } from 'vitest';
import { type ModelMessage, TokenWindowMemory } from '../index.ts';

const page = 'The quarterly report says revenue grew. '.repeat(1500); // ~60 KB, a fetched web page

describe('seed 004: what exists today', () => {
  it('an oversized action result is cut in the context, cited by id, and kept whole in the log', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Research the quarterly report' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'fetch_1',
            toolName: 'fetch',
            input: { url: 'https://example.com' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'fetch_1',
            toolName: 'fetch',
            output: { type: 'text', value: page },
          },
        ],
      },
    ];
    const memory = new TokenWindowMemory(messages, 2_000);
    const context = await memory.read();
    const output = (context.at(-1)!.content[0] as { output: { value: string } }).output.value;
    const cited = /full result in message (msg_\w+)\]$/.exec(output);
    expect(cited).not.toBeNull(); // "(Full result in memory: <memoryId>)"
    expect(output.length).toBeLessThan(page.length);
    expect(memory.view.lastStats()!.truncated).toBe(true);
    // "Retrieve from Memory": the full content by its id.
    const full = await memory.conversation.get(cited![1]!);
    expect(JSON.stringify(full!.content)).toContain(page);
  });
});

describe('seed 004: the content store (issue 8)', () => {
  it.todo('AgentMemory.store(item) → id, retrieve(id, transform), query(criteria), clear() (issue 8)');
  it.todo('MemoryTransform: full, excerpt, summary, first_n, last_n, filtered (issue 8)');
  it.todo('MemoryCriteria: type, source, tags, timeRange, limit (issue 8)');
  it.todo('Store in Memory / Retrieve from Memory / Query Memory as AI SDK tools (issue 8)');
  it.todo('first-use optimization: full result once, compacted citation afterwards (issue 8)');
  it.todo('compaction: deterministic plugins (e.g. web page) and LLM-based, goal-aware (issue 8)');
  it.todo('snapshot() / restore(snapshot) (issue 8)');
});

describe('seed 004: agent integration (issue 10)', () => {
  it.todo('memory as a fourth channel of the agent parameters (EnableMemory) (issue 10)');
  it.todo('ShareMemoryWithSubAgents: sub-agents share or isolate the content store (issue 10)');
  it.todo('UseCompactionLLM / CompactionPromptID as agent configuration (issues 8 and 10)');
});
