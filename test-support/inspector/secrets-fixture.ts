import type { ModelMessage } from 'ai';
import { createContentStore } from '../../src/content/create-content-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { type FakeSecret, fakeSecrets } from './fake-secrets.ts';

/** What {@link buildSecretsFixture} wrote. */
export interface SecretsFixture {
  /** The SQLite file. */
  path: string;
  /** The session holding the secrets. */
  session: string;
  /** The content store space holding them. */
  space: string;
  /** The content item holding them all. */
  item: string;
  /** The long-term record holding one. */
  record: string;
  /** The fake secrets written. */
  secrets: FakeSecret[];
}

/**
 * Writes a database whose session `secrets` (owner acme / ada) holds each of the 22 fake secret formats as a
 * user message, a tool call's input and a tool result, with a content item and a long-term record holding them
 * too: everything the inspector shows, full of secrets it must not show.
 */
export async function buildSecretsFixture(path: string): Promise<SecretsFixture> {
  const secrets = fakeSecrets();
  const store = createSqliteStore({ path });
  const scope = { tenant: 'acme', user: 'ada' };
  const session = 'secrets';
  const space = 'secrets';
  await store.createSession(scope, { id: session, metadata: { note: secrets[0]!.text } });
  const memory = createConversationMemory({ store, scope, sessionId: session });
  const messages: ModelMessage[] = [];
  secrets.forEach(({ text }, i) => {
    const toolCallId = `call_${i}`;
    messages.push(
      { role: 'user', content: `Please use this: ${text}` },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'configure', input: { setting: text } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'configure',
            output: { type: 'json', value: { applied: text, raw: JSON.stringify({ line: text }) } },
          },
        ],
      },
      { role: 'assistant', content: `Done: ${text}` },
    );
  });
  await memory.append(messages);
  const content = createContentStore({ store, scope, space });
  const item = await content.store({
    type: 'tool_output',
    source: 'configure',
    content: secrets.map((s) => s.text).join('\n'),
  });
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const [record] = await longTerm.add(`Ada's deployment uses ${secrets[13]!.text}`);
  await store.close();
  return { path, session, space, item, record: record!.id, secrets };
}
