/**
 * A text the inspector shows only in part (a long message cut to its first 4,000 characters, a content item's
 * excerpt) is redacted before it is cut: a cut falling inside a secret must not leave the part of it on the
 * shown side, which no rule recognises any more, in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSecrets } from '../../test-support/inspector/fake-secrets.ts';
import { filler, inspectedTempStore, leaksPart } from '../../test-support/inspector/secret-cuts.ts';
import { createContentStore } from '../content/create-content-store.ts';

const secrets = fakeSecrets(7);
/** Where the message view cuts a long text. */
const messageCut = 4000;
/** The excerpt's window (the inspector asks for 2,000 characters). */
const window = 2000;
const marker = 'QUERYMARK';
const items: string[] = [];
let at: Awaited<ReturnType<typeof inspectedTempStore>>;

beforeAll(async () => {
  at = await inspectedTempStore('cuts');
  const content = createContentStore({ store: at.store, scope: at.scope, space: 'cuts' });
  for (const { text, secret } of secrets) {
    // The message's 4,000-character cut falls in the middle of the secret.
    const mid = text.indexOf(secret) + Math.floor(secret.length / 2);
    await at.memory.append({ role: 'user', content: `${filler(messageCut - mid)}${text} end` });
    // The excerpt's window, centred on the marker, starts in the middle of the secret.
    const centre = mid + Math.floor((window - marker.length) / 2);
    items.push(
      await content.store({
        type: 'tool_output',
        source: 'probe',
        content: `${text} ${filler(centre - text.length - 1)}${marker} ${filler(3000)}`,
      }),
    );
  }
});
afterAll(() => at?.close());

describe('the inspector redacts a text before it cuts it', () => {
  it('a message cut at 4,000 characters inside a secret shows none of it', async () => {
    const body = await at.get('/api/sessions/s/messages?limit=100');
    const { messages } = JSON.parse(body) as { messages: { text: string }[] };
    expect(messages).toHaveLength(secrets.length);
    secrets.forEach(({ format, secret }, i) => {
      expect(leaksPart(messages[i]!.text, secret), `${format}: …${messages[i]!.text.slice(-80)}`).toBe(false);
    });
  });

  it('an excerpt whose window starts inside a secret shows none of it', async () => {
    for (const [i, { format, secret }] of secrets.entries()) {
      const { content } = JSON.parse(
        await at.get(`/api/content/${items[i]}?space=cuts&transform=excerpt&query=${marker}`),
      ) as { content: string };
      expect(leaksPart(content, secret), `${format}: ${content.slice(0, 80)}…`).toBe(false);
    }
  });

  it('a pattern or query matching a secret matches nothing (the count would tell what the secret holds)', async () => {
    for (const [i, { format, secret }] of secrets.entries()) {
      const probe = encodeURIComponent(secret.slice(0, 12));
      const filtered = JSON.parse(
        await at.get(`/api/content/${items[i]}?space=cuts&transform=filtered&pattern=${probe}`),
      ) as { content: string; transform: { description: string } };
      expect(filtered.transform.description, format).toMatch(/^0 of /);
      const excerpt = JSON.parse(
        await at.get(`/api/content/${items[i]}?space=cuts&transform=excerpt&query=${probe}`),
      ) as { transform: { description: string } };
      expect(excerpt.transform.description, format).toMatch(/^no match for /);
    }
  });
});
