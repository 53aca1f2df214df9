import { type StopCondition, type ToolSet, tool } from 'ai';
import { vi } from 'vitest';
import { z } from 'zod';
import { agent } from '../src/ai-sdk/agent/agent.ts';
import type { HasContentItems } from '../src/content/content-store-v1.ts';
import { createContentStore } from '../src/content/create-content-store.ts';
import type { MemoryMessage } from '../src/core/message.ts';
import { createLongTermMemory, type LongTermMemoryOptions } from '../src/longterm/create-long-term-memory.ts';
import type { HasLongTermRecords } from '../src/longterm/long-term-store-v1.ts';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../src/store/memory-store.ts';
import { createTokenCounter } from '../src/tokens/create-token-counter.ts';
import { compactingView } from './compacting-view.ts';
import { scriptedLanguageModel } from './scripted-language-model.ts';

/** A store with what the full stack needs: a log, content items, long-term records. */
export type FullStore = MemoryStoreV1 & HasContentItems & HasLongTermRecords;

const counter = createTokenCounter();
/** The scope and session every run of the rig uses. */
export const rigScope = { tenant: 't' };

const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) =>
    `<html><!-- ${url} -->${'<p>Lisbon dishes and allergens.</p>'.repeat(300)}</html>`,
});

/** What {@link agentWithLongTerm} builds. */
export interface LongTermRigOptions {
  /** Where the long-term records go. @default the conversation's store */
  longTermStore?: HasLongTermRecords;
  /** More options of the long-term memory (an embedder). @default {} */
  longTerm?: Partial<LongTermMemoryOptions>;
  /** The agent's stop condition. @default the agent's (isStepCount(20)) */
  stopWhen?: StopCondition<ToolSet>;
}

/**
 * The full stack of the commit count on `store` (AutoContext over a content store, static long-term memory on
 * `longTermStore`, `recordAssembly`), with `record` spied on (called when the run records after its loop, not
 * when the record rode on the last step's append). `run(n)` runs n tool steps then an answer (the prompt's and
 * the answer's texts may be given) and returns the messages the run stored.
 */
export function agentWithLongTerm(store: FullStore, options: LongTermRigOptions = {}) {
  const conversation = createConversationMemory({ store, scope: rigScope, sessionId: 's', counter });
  const content = createContentStore({ store, scope: rigScope, counter });
  const memory = compactingView(conversation, content);
  const longTerm = createLongTermMemory({
    store: options.longTermStore ?? store,
    scope: rigScope,
    session: 's',
    ...options.longTerm,
  });
  const recordAfterRun = vi.spyOn(longTerm, 'record');
  let runs = 0;
  const run = async (
    tools: number,
    texts: { prompt?: string; answer?: string } = {},
  ): Promise<MemoryMessage[]> => {
    const r = runs++;
    const calls = Array.from({ length: tools }, (_, i) => ({
      toolCalls: [{ toolName: 'fetchPage', input: { url: `https://r${r}.example/${i}` } }],
    }));
    const assistant = agent({
      name: 'assistant',
      description: 'test',
      model: scriptedLanguageModel([
        ...calls,
        { text: texts.answer ?? `Done with run ${r}. I think you will like Lisbon.` },
      ]).model,
      tools: { fetchPage },
      memory,
      contentStore: content,
      longTermMemory: { memory: longTerm, mode: 'static' },
      recordAssembly: true,
      ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
    });
    const before = (await conversation.read()).length;
    await assistant.run(texts.prompt ?? `My name is Ana and I live in Porto. Read ${tools} pages, run ${r}.`)
      .result;
    return (await conversation.read()).slice(before);
  };
  return { conversation, longTerm, recordAfterRun, run };
}

/**
 * The long-term records of `memory`'s scope as compared, by id: all but the times they were written (id, kind,
 * text, context, validity, metadata, provenance).
 */
export async function recordsOf(memory: { records: HasLongTermRecords['longTermRecords'] }) {
  const { records } = await memory.records.listRecords(rigScope, { limit: 1000 });
  return records
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      text: r.text,
      context: r.context,
      validAt: r.validAt,
      invalidAt: r.invalidAt,
      metadata: r.metadata,
      provenance: r.provenance,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The records recording alone makes of each run's messages, in order (an in-process long-term memory). */
export async function recordedAlone(runs: readonly (readonly MemoryMessage[])[]) {
  const alone = createLongTermMemory({ scope: rigScope, session: 's' });
  for (const messages of runs) await alone.record(messages.filter((m) => m.role !== 'system'));
  return recordsOf(alone);
}
