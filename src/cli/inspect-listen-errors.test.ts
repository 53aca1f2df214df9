import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInspect } from '../../test-support/inspector/inspect-binary.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspect-listen-'));
const db = join(dir, 'i.db');
let busy: Server;
let busyPort: number;

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  await store.createSession({ tenant: 'acme' }, { id: 's' });
  store.close();
  busy = createServer();
  busyPort = await new Promise<number>((resolve) =>
    busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
  );
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const inspect = (...flags: string[]) =>
  runInspect(['--db', db, '--tenant', 'acme', 'inspect', ...flags], 15_000);

describe('engram inspect: an address it cannot listen on is a usage error naming the flag', () => {
  it('--host "" names no address: refused, no server started on every interface', async () => {
    const r = await inspect('--host', '', '--port', '0');
    expect(r.stdout).not.toMatch(/http:\/\//);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^engram: --host/);
  });

  it('a --port another process listens on: exit 2 naming --port, not a raw EADDRINUSE', async () => {
    const r = await inspect('--port', String(busyPort));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^engram: --port ${busyPort}: .*in use`));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a --host that resolves to nothing, or is not an address of this machine: exit 2 naming --host', async () => {
    for (const host of ['no-such-host.invalid', '192.0.2.1']) {
      const r = await inspect('--host', host, '--port', '0');
      expect(r.code, host).toBe(2);
      expect(r.stderr, host).toMatch(new RegExp(`^engram: --host ${host.replaceAll('.', '\\.')}: `));
    }
  });
});
