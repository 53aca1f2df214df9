import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenWindowMemory } from '../token-window-memory.ts';
import { createAssemblyRecorder, readAssemblyRecords } from './assembly-records.ts';
import { recordAssemblies } from './record-assemblies.ts';

const invalid = (what: RegExp) =>
  expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(what) });

describe('assembly recorder options', () => {
  it('recordAssemblies refuses a misspelt key instead of keeping the default 200 records', () => {
    const conversation = createConversationMemory();
    const view = createTokenWindowMemory({ conversation, maxTokens: 200 });
    expect(() =>
      recordAssemblies(view, { kep: 1 } as unknown as Parameters<typeof recordAssemblies>[1]),
    ).toThrow(invalid(/recordAssemblies\(options\)\.kep: not an option/));
  });

  it('createAssemblyRecorder refuses a misspelt key', () => {
    const memory = createConversationMemory();
    expect(() =>
      createAssemblyRecorder({ memory, kep: 1 } as unknown as Parameters<typeof createAssemblyRecorder>[0]),
    ).toThrow(invalid(/createAssemblyRecorder\(options\)\.kep: not an option/));
  });

  it('both accept every declared key and record', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const conversation = createConversationMemory({ store, scope, sessionId: 's' });
    await conversation.append({ role: 'user', content: 'hi' });
    const view = recordAssemblies(createTokenWindowMemory({ conversation, maxTokens: 200 }), { keep: 5 });
    await view.read();
    expect(view.lastRecord()).toBeDefined();
    expect(recordAssemblies(createTokenWindowMemory({ conversation, maxTokens: 200 }))).toBeDefined();
    const recorder = createAssemblyRecorder({ memory: conversation, keep: 5 });
    const assembly = view.lastAssembly();
    if (!assembly) throw new Error('no assembly');
    await recorder.record(assembly);
    expect(await readAssemblyRecords(store, scope, 's')).toHaveLength(2);
  });
});
