/** Test-only helpers shared by the view tests. */
import type { ModelMessage } from 'ai';
import type { LogEntry } from '../src/core/message.ts';
import { createMemoryStore } from '../src/drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../src/memory/conversation-memory.ts';
import type { MemoryStoreV1, RangeQuery } from '../src/store/memory-store.ts';

/** A user message. */
export const user = (text: string): ModelMessage => ({ role: 'user', content: text });
/** A system message. */
export const system = (text: string): ModelMessage => ({ role: 'system', content: text });
/** An assistant text message. */
export const say = (text: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
/** An assistant message calling tools. */
export const call = (...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({
    type: 'tool-call' as const,
    toolCallId: id,
    toolName: 'search',
    input: { q: id },
  })),
});
/** A tool message answering calls. */
export const result = (id: string, value = `result of ${id}`): ModelMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName: 'search', output: { type: 'text', value } }],
});

/** A real in-process store that records how many log entries each `readRange` returned (instrumentation, not a mock). */
export function createCountingStore(): {
  store: MemoryStoreV1;
  reads: { query: RangeQuery | undefined; entries: number }[];
} {
  const inner = createMemoryStore();
  const reads: { query: RangeQuery | undefined; entries: number }[] = [];
  const store = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'readRange') {
        return async (...args: Parameters<MemoryStoreV1['readRange']>) => {
          const out: LogEntry[] = await target.readRange(...args);
          reads.push({ query: args[2], entries: out.length });
          return out;
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { store, reads };
}

/** A conversation memory over a fresh store holding `messages`. */
export async function memoryWith(messages: ModelMessage[], store?: MemoryStoreV1) {
  const memory = createConversationMemory({ ...(store ? { store } : {}), initialMessages: messages });
  await memory.stats(); // surface init errors here
  return memory;
}

/** The text of a message's content, for assertions. */
export const texts = (messages: readonly ModelMessage[]) =>
  messages.map((m) =>
    typeof m.content === 'string'
      ? m.content
      : m.content
          .map((p) => {
            if ('text' in p) return p.text;
            if (p.type === 'tool-result') return 'value' in p.output ? String(p.output.value) : p.output.type;
            return 'toolCallId' in p ? `${p.type}:${p.toolCallId}` : p.type;
          })
          .join('+'),
  );
