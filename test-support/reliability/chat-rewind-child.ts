/**
 * Child script of the chat rewind crash test: on a SQLite file, sends messages to a chat and edits earlier ones
 * (`append(..., { rewind: true })`, what `useChat`'s edit and regenerate ask) forever, choosing each step from a
 * generator seeded by the parent and the chat it finds. Before each write it prints `intent <chat>` (the chat's
 * UI messages once the write is done), after the step `ack`. The parent SIGKILLs it at random moments.
 */
import type { UIMessage } from 'ai';
import { createChatStore } from '../../src/ai-sdk/chat/chat-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { chatShape } from './chat-shape.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface ChatRewindChildConfig {
  path: string;
  seed: number;
}

const config = childConfig<ChatRewindChildConfig>();
const store = createSqliteStore({ path: config.path, durability: 'power' });
const chats = createChatStore({ store });
let state = config.seed >>> 0;
const next = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const text = (id: string, role: 'user' | 'assistant', words: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: words }],
});
let chat = await chats.load('c');
for (let step = 0; ; step++) {
  const users = chat.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  const tag = `${config.seed}-${step}`;
  if (users.length === 0 || next() < 0.35) {
    const sent = [
      text(`u-${tag}`, 'user', `question ${tag}`),
      text(`a-${tag}`, 'assistant', `answer ${tag}`),
    ];
    const after = [...chat, ...sent];
    emit(`intent ${JSON.stringify(chatShape(after))}`);
    await chats.append('c', sent);
    chat = after;
  } else {
    const at = users[Math.floor(next() * users.length)]!;
    // An edit (a long one now and then: several KB), then its reply.
    const words = `edited ${tag} ${next() < 0.2 ? 'x'.repeat(8_000) : ''}`;
    const edited = text(chat[at]!.id, 'user', words);
    const reply = text(`a-${tag}`, 'assistant', `answer ${tag}`);
    const rewound = [...chat.slice(0, at), edited];
    emit(`intent ${JSON.stringify(chatShape(rewound))}`);
    await chats.append('c', [edited], { rewind: true });
    emit(`intent ${JSON.stringify(chatShape([...rewound, reply]))}`);
    await chats.append('c', [reply]);
    chat = [...rewound, reply];
  }
  emit('ack');
}
