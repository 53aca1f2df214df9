/**
 * The page's entry (bundled by esbuild when the server starts): the chat id from `?chat=<id>` (a new one, put
 * in the address, when absent), the chat's stored messages from the server, then the chat.
 */
import type { UIMessage } from 'ai';
import { createRoot } from 'react-dom/client';
import { Chat } from './chat.tsx';

const url = new URL(window.location.href);
const chatId = url.searchParams.get('chat') ?? crypto.randomUUID();
if (!url.searchParams.has('chat')) {
  url.searchParams.set('chat', chatId);
  window.history.replaceState(null, '', url);
}

const root = createRoot(document.getElementById('root')!);
const response = await fetch(`/api/chats/${encodeURIComponent(chatId)}`);
if (response.ok) {
  const messages = (await response.json()) as UIMessage[];
  root.render(<Chat id={chatId} initialMessages={messages} />);
} else {
  root.render(<p id="load-error">Could not load the chat: {await response.text()}</p>);
}
