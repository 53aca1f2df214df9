/**
 * A text the inspector shows only in part (a long message cut to its first 4,000 characters, a content item's
 * excerpt) is redacted before it is cut: a cut falling inside a secret must not leave the part of it on the
 * shown side, which no rule recognises any more, in clear.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSecrets } from '../../test-support/inspector/fake-secrets.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-cuts-'));
const store = createSqliteStore({ path: join(dir, 'cuts.db') });
const scope = { tenant: 'acme', user: 'ada' };
const secrets = fakeSecrets(7);
/** Where the message view cuts a long text. */
const messageCut = 4000;
/** The excerpt's window (the inspector asks for 2,000 characters). */
const window = 2000;
const marker = 'QUERYMARK';
/** Words to pad with: no secret rule takes them for anything. */
const filler = (n: number) => 'lorem ipsum dolor sit amet '.repeat(Math.ceil(n / 27)).slice(0, n);
const items: string[] = [];

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  await store.createSession(scope, { id: 's', metadata: {} });
  const memory = createConversationMemory({ store, scope, sessionId: 's' });
  const content = createContentStore({ store, scope, space: 'cuts' });
  for (const { text, secret } of secrets) {
    // The message's 4,000-character cut falls in the middle of the secret.
    const mid = text.indexOf(secret) + Math.floor(secret.length / 2);
    await memory.append({ role: 'user', content: `${filler(messageCut - mid)}${text} end` });
    // The excerpt's window, centred on the marker, starts in the middle of the secret.
    const at = mid + Math.floor((window - marker.length) / 2);
    items.push(
      await content.store({
        type: 'tool_output',
        source: 'probe',
        content: `${text} ${filler(at - text.length - 1)}${marker} ${filler(3000)}`,
      }),
    );
  }
});

const inspector = createInspectorApp(readOnlySource(store, { tenant: 'acme', user: 'ada' }));
const get = async (path: string) => {
  const res = await inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
  expect(res.status, path).toBe(200);
  return res.text();
};

/** Whether any run of 8 characters of the secret (with 4 letters or digits in it) is in the text. */
const leaks = (out: string, secret: string) =>
  Array.from({ length: Math.max(secret.length - 7, 1) }, (_, i) => secret.slice(i, i + 8)).some(
    (part) => /[A-Za-z0-9]{4}/.test(part) && out.includes(part),
  );

describe('the inspector redacts a text before it cuts it', () => {
  it('a message cut at 4,000 characters inside a secret shows none of it', async () => {
    const body = await get('/api/sessions/s/messages?limit=100');
    const { messages } = JSON.parse(body) as { messages: { text: string }[] };
    expect(messages).toHaveLength(secrets.length);
    secrets.forEach(({ format, secret }, i) => {
      expect(leaks(messages[i]!.text, secret), `${format}: …${messages[i]!.text.slice(-80)}`).toBe(false);
    });
  });

  it('an excerpt whose window starts inside a secret shows none of it', async () => {
    for (const [i, { format, secret }] of secrets.entries()) {
      const { content } = JSON.parse(
        await get(`/api/content/${items[i]}?space=cuts&transform=excerpt&query=${marker}`),
      ) as { content: string };
      expect(leaks(content, secret), `${format}: ${content.slice(0, 80)}…`).toBe(false);
    }
  });

  it('a pattern or query matching a secret matches nothing (the count would tell what the secret holds)', async () => {
    for (const [i, { format, secret }] of secrets.entries()) {
      const probe = encodeURIComponent(secret.slice(0, 12));
      const filtered = JSON.parse(
        await get(`/api/content/${items[i]}?space=cuts&transform=filtered&pattern=${probe}`),
      ) as { content: string; transform: { description: string } };
      expect(filtered.transform.description, format).toMatch(/^0 of /);
      const excerpt = JSON.parse(
        await get(`/api/content/${items[i]}?space=cuts&transform=excerpt&query=${probe}`),
      ) as { transform: { description: string } };
      expect(excerpt.transform.description, format).toMatch(/^no match for /);
    }
  });
});
