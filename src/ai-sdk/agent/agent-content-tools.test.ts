import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createCitationMemory } from '../../views/citation-memory.ts';
import { agent } from './agent.ts';

/** A model that answers text and records the tool names it was offered, per call. */
function recordingModel() {
  const offered: string[][] = [];
  const { model } = scriptedLanguageModel([], {
    countInput: (call) => {
      offered.push((call.tools ?? []).map((t) => t.name).sort());
      return 1;
    },
  });
  return { model, offered };
}

describe('agent() with a content store', () => {
  it('offers search_history beside the content tools when its memory is a stored conversation', async () => {
    const store = createMemoryStore();
    const counter = createTokenCounter();
    const conversation = createConversationMemory({ store, counter });
    const content = createContentStore({ store, counter });
    const { model, offered } = recordingModel();
    const a = agent({
      name: 'a',
      description: 'test',
      model,
      memory: createCitationMemory({ conversation, content }),
      contentStore: content,
    });
    await a.run('hello').result;
    expect(offered[0]).toEqual(['query_memory', 'retrieve_from_memory', 'search_history', 'store_in_memory']);

    // Without a stored conversation there is no log to search; without a content store nothing changes.
    const bare = recordingModel();
    await agent({ name: 'b', description: 'test', model: bare.model, contentStore: content }).run('hi')
      .result;
    expect(bare.offered[0]).toEqual(['query_memory', 'retrieve_from_memory', 'store_in_memory']);
    const plain = recordingModel();
    await agent({ name: 'c', description: 'test', model: plain.model, memory: conversation }).run('hi')
      .result;
    expect(plain.offered[0]).toEqual([]);
  });
});
