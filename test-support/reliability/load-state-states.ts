import type { JSONValue } from 'ai';
import type { MemoryMessage } from '../../src/core/message.ts';
import { serializeMessage } from '../../src/messages/serialize.ts';

/** The scope of the loadState crash test's session. */
export const loadStateScope = { tenant: 'load-state' };
/** Its session id. */
export const loadStateSession = 'swap';

/** A saved ConversationMemory state, as `saveState()` produces it. */
export interface SavedLog {
  [key: string]: JSONValue;
  sessionId: string;
  messages: { id: string; [key: string]: JSONValue }[];
}

const base = Date.UTC(2024, 0, 1);

function message(id: string, n: number): MemoryMessage {
  const createdAt = new Date(base + n * 1000);
  if (n % 4 === 2) {
    return {
      id,
      createdAt,
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: `call-${id}`, toolName: 'lookup', input: { q: id } }],
    };
  }
  if (n % 4 === 3) {
    return {
      id,
      createdAt,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call-${id.replace(/-\d+$/, `-${n - 1}`)}`,
          toolName: 'lookup',
          output: { type: 'text', value: `found ${id}` },
        },
      ],
    };
  }
  return {
    id,
    createdAt,
    role: n % 4 === 0 ? 'user' : 'assistant',
    content: `${id} ${'x'.repeat((n * 797) % 900)}`,
  };
}

function state(messages: MemoryMessage[]): SavedLog {
  return {
    sessionId: loadStateSession,
    messages: messages.map((m) => JSON.parse(serializeMessage(m)) as SavedLog['messages'][number]),
  };
}

const run = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => message(`${prefix}-${from + i}`, from + i));

/**
 * The states the crash test swaps between, none empty: three disjoint logs of 4–12 messages and one that
 * shares the first 4 messages of state 0 (so a load may keep a prefix and replace only the rest).
 */
export function swapStates(): SavedLog[] {
  const first = run('a', 0, 12);
  return [
    state(first),
    state(run('b', 0, 5)),
    state([...first.slice(0, 4), ...run('c', 4, 6)]),
    state(run('d', 0, 4)),
  ];
}
