import { createContentStore } from '../../src/content/create-content-store.ts';
import { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createEngramCheckpointSaver } from '../../src/langgraph/engram-checkpoint-saver.ts';
import { createEngramStore } from '../../src/langgraph/engram-store.ts';
import { createLibsqlStore } from '../../src/libsql.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { SimpleMemory } from '../../src/memory/simple-memory.ts';
import { createEngramSession } from '../../src/openai-agents/engram-session.ts';
import { createHierarchicalMemory } from '../../src/patterns/hierarchical-memory.ts';
import { createRagMemory } from '../../src/patterns/rag-memory.ts';
import { createSharedMemoryPool } from '../../src/patterns/shared-memory-pool.ts';
import { SessionManager } from '../../src/session/session-manager.ts';
import { createSessions } from '../../src/session/sessions.ts';
import { createBpeTokenCounter } from '../../src/tokens/bpe-token-counter.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { createMemoryToolHandler } from '../../src/tools/memory-tool/memory-tool-handler.ts';
import { createWorkingMemoryTool } from '../../src/tools/working-memory-tools.ts';
import { createAutoContextMemory } from '../../src/views/auto-context/auto-context-memory.ts';
import { createCitationMemory } from '../../src/views/citation-memory.ts';
import { createObservationalMemory } from '../../src/views/observational/observational-memory.ts';
import { createSlidingWindowMemory } from '../../src/views/sliding-window-memory.ts';
import { createSummarizingMemory } from '../../src/views/summarizing-memory.ts';
import { createTokenWindowMemory } from '../../src/views/token-window-memory.ts';
import { createCoreMemory } from '../../src/working/core-memory.ts';
import { createWorkingMemory } from '../../src/working/working-memory.ts';

const counter = createEstimateTokenCounter();
const scope = { tenant: 'fuzz' };
const conversation = () => createConversationMemory({ store: createMemoryStore(), counter, sessionId: 's' });

/** Instances built with valid options whose every public method the fuzz test calls with arbitrary arguments. */
export const instanceCases: [string, () => unknown][] = [
  ['memory store', () => createMemoryStore()],
  ['sqlite store', () => createSqliteStore({ path: ':memory:' })],
  ['libsql store', () => createLibsqlStore({ url: ':memory:' })],
  ['conversation memory', conversation],
  ['SimpleMemory', () => new SimpleMemory([{ role: 'user', content: 'hello' }])],
  ['estimate token counter', () => counter],
  ['BPE token counter', () => createBpeTokenCounter()],
  ['content store', () => createContentStore({ counter })],
  ['long-term memory', () => createLongTermMemory({ scope })],
  ['working memory', () => createWorkingMemory({ scope })],
  ['core memory', () => createCoreMemory({ scope, blocks: [{ label: 'persona', limit: 200 }] })],
  ['sessions', () => createSessions({ store: createMemoryStore(), scope, counter })],
  ['SessionManager', () => SessionManager.forSessionId('s').withSession(createMemoryStore(), scope)],
  ['memory tool handler', () => createMemoryToolHandler({ store: createMemoryStore(), scope })],
  ['sliding window view', () => createSlidingWindowMemory({ conversation: conversation(), windowSize: 4 })],
  ['token window view', () => createTokenWindowMemory({ conversation: conversation(), maxTokens: 1000 })],
  [
    'summarizing view',
    () =>
      createSummarizingMemory({
        conversation: conversation(),
        maxMessages: 6,
        keepRecent: 2,
        summarizer: async () => 's',
      }),
  ],
  [
    'auto-context view',
    () =>
      createAutoContextMemory({
        conversation: conversation(),
        content: createContentStore({ counter }),
        maxTokens: 10_000,
      }),
  ],
  [
    'citation view',
    () => createCitationMemory({ conversation: conversation(), content: createContentStore({ counter }) }),
  ],
  [
    'observational view',
    () => createObservationalMemory({ conversation: conversation(), background: false }),
  ],
  ['rag pattern', () => createRagMemory({ memory: conversation() })],
  ['hierarchical pattern', () => createHierarchicalMemory({ memory: conversation() })],
  [
    'shared memory pool',
    () => createSharedMemoryPool({ store: createMemoryStore(), scope, pool: 'p', counter }),
  ],
  [
    'openai agents session',
    () => createEngramSession({ store: createMemoryStore(), scope, sessionId: 's', counter }),
  ],
  ['langgraph store', () => createEngramStore({ store: createMemoryStore(), scope })],
  ['langgraph checkpoint saver', () => createEngramCheckpointSaver({ store: createMemoryStore(), scope })],
  [
    'working memory tool',
    () => createWorkingMemoryTool({ memory: createWorkingMemory({ scope }) }).update_working_memory,
  ],
];
