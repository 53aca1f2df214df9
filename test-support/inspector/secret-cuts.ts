import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createInspectorApp } from '../../src/inspector/inspector-app.ts';
import { readOnlySource } from '../../src/inspector/read-only-source.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';

/** Words to pad a text with, `n` characters of them: no secret rule takes them for anything. */
export const filler = (n: number): string =>
  'lorem ipsum dolor sit amet '.repeat(Math.ceil(n / 27)).slice(0, n);

/** Whether the text shows any run of 8 characters of the secret (4 of them letters or digits), in any case. */
export const leaksPart = (out: string, secret: string): boolean =>
  Array.from({ length: Math.max(secret.length - 7, 1) }, (_, i) => secret.slice(i, i + 8).toLowerCase()).some(
    (part) => /[a-z0-9]{4}/.test(part) && out.toLowerCase().includes(part),
  );

/**
 * A SQLite store in a new temporary folder with session `s` of acme / ada, and the inspector over it (secrets
 * redacted): `get` answers a path's body (throwing unless 200), `close` removes it all.
 */
export async function inspectedTempStore(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `engram-inspector-${name}-`));
  const store = createSqliteStore({ path: join(dir, `${name}.db`) });
  const scope = { tenant: 'acme', user: 'ada' };
  await store.createSession(scope, { id: 's', metadata: {} });
  const inspector = createInspectorApp(readOnlySource(store, scope));
  return {
    store,
    scope,
    memory: createConversationMemory({ store, scope, sessionId: 's' }),
    async get(path: string): Promise<string> {
      const res = await inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
      return body;
    },
    close(): void {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
