import { describe, expect, it } from 'vitest';
import { putOldAssemblySession } from '../../../test-support/old-assembly-session.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createAssemblyRecorder, oldTextSessionsHeld } from './assembly-records.ts';
import { assemblyTextKind, isSessionWideText } from './assembly-texts.ts';
import type { ContextAssembly } from './context-assembly.ts';

const assembly: ContextAssembly = {
  view: 'test',
  counter: { encoding: 'o200k_base', exact: true },
  tokens: 1,
  items: [{ source: 'tools', tokens: 1, why: 'tools', sent: 'new tool '.repeat(80) }],
  dropped: [],
};

/**
 * A process that serves many sessions recorded by an earlier version reads, per session, which of its records name
 * texts stored before generations: it keeps that reading while the texts are there, for a bounded number of sessions.
 */
describe('the sessions whose records naming old texts a process keeps', () => {
  const store = createMemoryStore();
  const scope = { tenant: 't' };

  it("drops a session's reading once its old texts are deleted", async () => {
    const before = oldTextSessionsHeld();
    const memory = createConversationMemory({ store, scope, sessionId: 'gone' });
    await memory.append({ role: 'user', content: 'hi' });
    await putOldAssemblySession(memory);
    const recorder = createAssemblyRecorder({ memory, keep: 3 });
    await memory.append({ role: 'user', content: 'step' });
    await recorder.record(assembly);
    expect(oldTextSessionsHeld()).toBe(before + 1); // old records kept: their texts too
    for (let i = 0; i < 40; i++) {
      await memory.append({ role: 'user', content: `step ${i}` });
      await recorder.record(assembly);
    }
    const old = (await memory.listArtifacts(assemblyTextKind, undefined, { data: false })).filter(
      isSessionWideText,
    );
    expect(old).toEqual([]);
    expect(oldTextSessionsHeld()).toBe(before);
  });

  it('keeps at most 256 sessions, over 300 that still hold old texts', async () => {
    for (let i = 0; i < 300; i++) {
      const memory = createConversationMemory({ store, scope, sessionId: `old-${i}` });
      await memory.append({ role: 'user', content: 'hi' });
      await putOldAssemblySession(memory);
      await memory.append({ role: 'user', content: 'step' });
      await createAssemblyRecorder({ memory, keep: 3 }).record(assembly);
    }
    expect(oldTextSessionsHeld()).toBe(256);
  });
});
