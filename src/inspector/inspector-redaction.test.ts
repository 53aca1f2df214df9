import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecretsFixture, type SecretsFixture } from '../../test-support/inspector/secrets-fixture.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { readOnlySource } from './read-only-source.ts';
import { type RunningInspector, startInspector } from './start-inspector.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspect-secrets-'));
let fixture: SecretsFixture;
let store: ReturnType<typeof createSqliteStore>;
let redacted: RunningInspector;
let shown: RunningInspector;

beforeAll(async () => {
  fixture = await buildSecretsFixture(join(dir, 'secrets.db'));
  store = createSqliteStore({ path: fixture.path });
  const source = readOnlySource(store, { tenant: 'acme', user: 'ada' });
  [redacted, shown] = await Promise.all([
    startInspector(source, { port: 0 }),
    startInspector(source, { port: 0, showSecrets: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([redacted?.close(), shown?.close()]);
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every API route that shows stored text, for the fixture. */
const routes = () => [
  '/api/sessions',
  `/api/sessions/${fixture.session}?user=ada`,
  `/api/sessions/${fixture.session}/messages?user=ada&limit=1000`,
  `/api/content?space=${fixture.space}`,
  `/api/content/${encodeURIComponent(fixture.item)}?space=${fixture.space}`,
  `/api/content/${encodeURIComponent(fixture.item)}?space=${fixture.space}&transform=head&n=40`,
  '/api/records',
  `/api/records/${fixture.record}`,
  `/api/records/search?q=${encodeURIComponent('deployment uses')}`,
];

describe('the inspector never shows the 22 secret formats', () => {
  it('no API answer holds any of them in clear; with --show-secrets every one is there', async () => {
    const bodies = await Promise.all(
      routes().map(async (path) => {
        const r = await fetch(`http://127.0.0.1:${redacted.port}${path}`);
        expect(r.status, path).toBe(200);
        return [path, await r.text()] as const;
      }),
    );
    for (const [path, body] of bodies)
      for (const { format, secret } of fixture.secrets)
        expect(
          body.includes(secret) || body.includes(JSON.stringify(secret).slice(1, -1)),
          `${format} in ${path}`,
        ).toBe(false);
    const messages = bodies[2]![1];
    expect(messages.split('[redacted]').length - 1).toBeGreaterThanOrEqual(fixture.secrets.length * 4);

    const all = (
      await Promise.all(
        routes().map(async (path) => (await fetch(`http://127.0.0.1:${shown.port}${path}`)).text()),
      )
    ).join('\n');
    for (const { format, secret } of fixture.secrets)
      expect(all.includes(JSON.stringify(secret).slice(1, -1)), `${format} shown`).toBe(true);
  });
});

describe('the record search is no oracle for a guessed secret', () => {
  it('a search by a secret finds no record through it while secrets are hidden; with --show-secrets it does', async () => {
    const { secret } = fixture.secrets[13]!;
    const search = async (port: number, q: string) => {
      const r = await fetch(`http://127.0.0.1:${port}/api/records/search?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      return ((await r.json()) as { record: { id: string } }[]).map((hit) => hit.record.id);
    };
    // Before, the redacted inspector answered this search with the record (its text "[redacted]"): the guess confirmed.
    expect(await search(shown.port, secret)).toContain(fixture.record);
    expect(await search(redacted.port, secret)).not.toContain(fixture.record);
    expect(await search(redacted.port, `deployment ${secret}`)).not.toContain(fixture.record);
    // What the redacted text still holds finds it.
    expect(await search(redacted.port, 'deployment uses')).toContain(fixture.record);
  });

  it('a content search by a secret lists no item through it while secrets are hidden; with --show-secrets it does', async () => {
    const items = async (port: number, text: string) => {
      const r = await fetch(
        `http://127.0.0.1:${port}/api/content?space=${fixture.space}&text=${encodeURIComponent(text)}`,
      );
      expect(r.status).toBe(200);
      return ((await r.json()) as { items: { id: string }[] }).items.map((item) => item.id);
    };
    let foundWhenShown = 0;
    for (const { format, secret } of fixture.secrets) {
      if ((await items(shown.port, secret)).includes(fixture.item)) foundWhenShown++;
      expect(await items(redacted.port, secret), format).not.toContain(fixture.item);
    }
    // Before, the redacted inspector listed the item for each of these guesses.
    expect(foundWhenShown).toBeGreaterThanOrEqual(15);
  });
});
