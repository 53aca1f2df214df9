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
