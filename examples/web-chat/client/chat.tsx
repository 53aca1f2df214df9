/**
 * The chat: `useChat` with the chat's stored messages as its initial ones, a transport that sends only the new
 * message (the server has the rest), a Stop button while a reply streams.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useEffect, useState } from 'react';
import { MessageView } from './message-view.tsx';

/** Sends `{ id, message }`: the chat id and the new message only. */
const transport = new DefaultChatTransport<UIMessage>({
  api: '/api/chat',
  prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
});

/** One chat: its messages, a box to write in, Send and Stop. */
export function Chat(props: { id: string; initialMessages: UIMessage[] }) {
  const { messages, sendMessage, status, stop, error } = useChat({
    id: props.id,
    messages: props.initialMessages,
    transport,
  });
  const [input, setInput] = useState('');
  // Keep the newest words and the input row in view as the reply grows.
  useEffect(() => {
    if (messages.length > 0) window.scrollTo(0, document.body.scrollHeight);
  }, [messages]);
  const busy = status === 'submitted' || status === 'streaming';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input.trim() === '' || busy) return;
    void sendMessage({ text: input });
    setInput('');
  };
  return (
    <main data-status={status}>
      <h1>engram web chat</h1>
      <p className="hint">
        Chat <code>{props.id}</code>. Try “read the report”, then ask anything: the report is cited after its
        first use. “Tell me a long story” or “read the archive” (a slow tool) give you time to press Stop.
      </p>
      <ol id="messages">
        {messages.map((m) => (
          <MessageView key={m.id} message={m} />
        ))}
      </ol>
      {error && <p id="error">{error.message}</p>}
      <form onSubmit={submit}>
        <input
          id="input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="Write a message"
          autoComplete="off"
        />
        {busy ? (
          <button id="stop" type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button id="send" type="submit">
            Send
          </button>
        )}
      </form>
    </main>
  );
}
