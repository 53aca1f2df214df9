import type { UIMessage } from 'ai';

/** A chat as the chat rewind crash test compares it: each UI message's id, role and text. */
export const chatShape = (messages: readonly UIMessage[]): string[] =>
  messages.map(
    (m) => `${m.id}|${m.role}|${m.parts.map((p) => (p.type === 'text' ? p.text : p.type)).join('')}`,
  );
