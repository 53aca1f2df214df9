/**
 * The contenders of the token-savings benchmark. Each receives the trace one iteration at a time and answers
 * with the messages the model would be sent next, and says whether a planted fact is in that context or
 * reachable through the contender's own tools.
 */

import { type ModelMessage, pruneMessages } from 'ai';
import type { ContentStore } from '../../src/content/create-content-store.ts';
import { createContentStore } from '../../src/content/create-content-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { toModelMessage } from '../../src/messages/to-model-message.ts';
import type { TokenCounter } from '../../src/tokens/token-counter.ts';
import { createAutoContextMemory } from '../../src/views/auto-context/index.ts';
import { createCitationMemory } from '../../src/views/citation-memory.ts';
import { importPeer } from '../peers/import-peer.ts';
import { createSearcher, type Reach } from './searcher.ts';
import type { PlantedFact } from './trace.ts';

/** One contender. */
export interface Contender {
  /** Its name in the tables. */
  name: string;
  /** How it is configured (one line). */
  setup: string;
  /** Takes an iteration's messages; returns the next request's messages. */
  next(messages: readonly ModelMessage[]): Promise<ModelMessage[]>;
  /** How a fact is reached now: in the context, through the contender's tools (within 3 calls), or not. */
  reach(fact: PlantedFact, context: readonly ModelMessage[]): Promise<Reach>;
  /** Whether every offload can be undone exactly (undefined: it offloads nothing it can give back). */
  reversible?(): Promise<boolean>;
  /** Releases resources. */
  close?(): Promise<void>;
}

const textOf = (messages: readonly ModelMessage[]) => JSON.stringify(messages);

/** Everything, every time. */
export function naive(task: ModelMessage): Contender {
  const history: ModelMessage[] = [task];
  return {
    name: 'naive history',
    setup: 'every message, as stored',
    async next(messages) {
      history.push(...messages);
      return [...history];
    },
    reach: inContext,
  };
}

/** A contender without tools: a fact is reached only when its sentence is in the context. */
const inContext = async (fact: PlantedFact, context: readonly ModelMessage[]): Promise<Reach> => ({
  way: textOf(context).includes(fact.text) ? 'context' : undefined,
  calls: 0,
});

/** Gives each stored message a fixed id and time, so content item ids, and with them token counts, repeat exactly. */
function numbered(): (m: ModelMessage) => ModelMessage {
  let n = 0;
  return (m) =>
    ({ ...m, id: `m${++n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)) }) as unknown as ModelMessage;
}

/** Opens engram on a durable SQLite file: a conversation and a content store on the same database. */
function openEngram(path: string, counter: TokenCounter, task: ModelMessage) {
  const store = createSqliteStore({ path });
  const memory = createConversationMemory({
    store,
    counter,
    sessionId: 'research',
    initialMessages: [
      { ...task, id: 'm0', createdAt: new Date(Date.UTC(2026, 0, 1)) } as unknown as ModelMessage,
    ],
  });
  const content = createContentStore({ store, counter, space: 'research' });
  return { store, memory, content };
}

/** Every offloaded item equals the result it came from, byte for byte. */
async function itemsMatchLog(content: ContentStore, log: readonly ModelMessage[]): Promise<boolean> {
  const outputs = new Map<string, string>();
  for (const m of log) {
    if (m.role !== 'tool') continue;
    for (const p of m.content)
      if (p.type === 'tool-result' && 'value' in p.output)
        outputs.set(
          p.toolCallId,
          typeof p.output.value === 'string' ? p.output.value : JSON.stringify(p.output.value),
        );
  }
  let cursor: string | undefined;
  let checked = 0;
  do {
    const page = await content.query({ limit: 1000, ...(cursor ? { cursor } : {}) });
    for (const info of page.items) {
      const item = await content.retrieve(info.id);
      const original = outputs.get(String(info.metadata.toolCallId));
      const got = typeof item.content === 'string' ? item.content : JSON.stringify(item.content);
      if (original === undefined || got !== original) return false;
      checked++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return checked > 0;
}

/** engram's first use, then a citation, on SQLite (the default policy: results over 1,000 tokens, one turn in full). */
export function engramCitations(path: string, counter: TokenCounter, task: ModelMessage): Contender {
  const { store, memory, content } = openEngram(path, counter, task);
  const view = createCitationMemory({ conversation: memory, content });
  const id = numbered();
  return {
    name: 'engram: first use, then citation',
    setup:
      '`createCitationMemory` on SQLite (`durability: power`), default policy: results over 1,000 tokens offloaded, in full for 1 turn',
    async next(messages) {
      for (const m of messages) await view.store(id(m));
      return (await view.read()).map(toModelMessage);
    },
    reach: createSearcher(content, memory),
    reversible: async () => itemsMatchLog(content, await memory.read()),
    close: () => store.close(),
  };
}

/** engram's AutoContextMemory (citations on first use, the ladder under a budget) on SQLite. */
export function engramAutoContext(
  path: string,
  counter: TokenCounter,
  task: ModelMessage,
  budget: number,
): Contender {
  const { store, memory, content } = openEngram(path, counter, task);
  const view = createAutoContextMemory({ conversation: memory, content, maxTokens: budget });
  const id = numbered();
  return {
    name: `engram: AutoContextMemory (${budget / 1000}k)`,
    setup: `\`createAutoContextMemory\` on SQLite, maxTokens ${budget.toLocaleString('en-US')}, AgentScope's defaults otherwise (tokenRatio 0.75, msgThreshold 100, lastKeep 50)`,
    async next(messages) {
      for (const m of messages) await view.store(id(m));
      return (await view.read()).map(toModelMessage);
    },
    reach: createSearcher(content, memory),
    async reversible() {
      const log = await memory.read();
      if (!(await itemsMatchLog(content, log))) return false;
      // Undo every ladder step; a view that then compacts nothing must show exactly the log.
      for (const step of await view.steps()) if (step.reloadedAtSeq === undefined) await view.reload(step.id);
      const plain = createAutoContextMemory({
        conversation: memory,
        content,
        maxTokens: 1e12,
        msgThreshold: 1e9,
        citations: false,
      });
      return JSON.stringify(await plain.read()) === JSON.stringify(log);
    },
    close: () => store.close(),
  };
}

/** The AI SDK's pruneMessages, as its docs suggest for long tool loops. */
export function aiSdkPrune(task: ModelMessage): Contender {
  const history: ModelMessage[] = [task];
  return {
    name: 'AI SDK pruneMessages',
    setup:
      "`pruneMessages({ toolCalls: 'before-last-2-messages', reasoning: 'before-last-message', emptyMessages: 'remove' })` (keeps the newest step's calls and results)",
    async next(messages) {
      history.push(...messages);
      return pruneMessages({
        messages: [...history],
        toolCalls: 'before-last-2-messages',
        reasoning: 'before-last-message',
        emptyMessages: 'remove',
      });
    },
    reach: inContext,
  };
}

type PromptMessage = { role: string; content: unknown };
interface MastraProcessor {
  processLLMRequest(args: Record<string, unknown>): Promise<{ prompt?: PromptMessage[] } | undefined>;
}

/** Mastra's input processors as its docs pair them for tool-heavy agents: ToolCallFilter, then TokenLimiter. */
export async function mastraProcessors(task: ModelMessage, budget: number): Promise<Contender> {
  const processors = await importPeer<{
    ToolCallFilter: new (o?: Record<string, unknown>) => MastraProcessor;
    TokenLimiterProcessor: new (o: Record<string, unknown>) => MastraProcessor;
  }>('@mastra/core/processors');
  const filter = new processors.ToolCallFilter({ filterAfterToolSteps: 1 });
  const limiter = new processors.TokenLimiterProcessor({ limit: budget });
  const history: ModelMessage[] = [task];
  const toPrompt = (m: ModelMessage): PromptMessage =>
    typeof m.content === 'string' && m.role !== 'system'
      ? { role: m.role, content: [{ type: 'text', text: m.content }] }
      : { role: m.role, content: m.content };
  return {
    name: 'Mastra ToolCallFilter + TokenLimiter',
    setup: `\`ToolCallFilter({ filterAfterToolSteps: 1 })\` then \`TokenLimiterProcessor({ limit: ${budget.toLocaleString('en-US')} })\`, both on the provider prompt (\`processLLMRequest\`), as Mastra 1.x runs them`,
    async next(messages) {
      history.push(...messages);
      let prompt = history.map(toPrompt);
      for (const p of [filter, limiter]) {
        const out = await p.processLLMRequest({
          prompt,
          state: {},
          stepNumber: 0,
          steps: [],
          model: { provider: 'bench', modelId: 'bench', specificationVersion: 'v2' },
        });
        if (out?.prompt) prompt = out.prompt;
      }
      return prompt as ModelMessage[];
    },
    reach: inContext,
  };
}
