import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildInspectorFixture,
  fixtureArgs,
  fixtureScopeArgs,
  type InspectorFixture,
} from '../../test-support/inspector/fixture.ts';
import {
  type InspectProcess,
  runInspect,
  startInspect,
} from '../../test-support/inspector/inspect-binary.ts';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspect-http-'));
let fixture: InspectorFixture;
let open: InspectProcess;
let guarded: InspectProcess;
const token = 'c0ffee-7d41a9e2b85f3c06-test';
/** A JSON answer (parsed loosely, as the tests read it). */
const json = async (url: string) => JSON.parse(await (await fetch(url)).text());
const at = () => fixtureArgs(fixture);

beforeAll(async () => {
  fixture = await buildInspectorFixture(join(dir, 'fixture.db'));
  [open, guarded] = await Promise.all([
    startInspect([...at(), 'inspect', '--port', '0']),
    startInspect([...at(), 'inspect', '--port', '0', '--token', token]),
  ]);
});

afterAll(async () => {
  await Promise.all([open?.stop(), guarded?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('engram inspect over HTTP (the real binary)', () => {
  it('binds 127.0.0.1 and serves the front end and the API', async () => {
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(open.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="app.js">');
    const sessions = await json(`${open.origin}/api/sessions`);
    expect(sessions.map((s: { id: string; messages: number }) => [s.id, s.messages]).sort()).toEqual([
      ['big', 10_000],
      ['research', 289],
    ]);
  });

  it('answers only GET: POST, PUT, PATCH and DELETE are 405 on every path', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const path of ['/', '/api/sessions', '/api/sessions/research', '/api/records/x', '/app.js']) {
        const r = await fetch(`${open.origin}${path}`, { method });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.get('allow')).toBe('GET, HEAD');
      }
    expect((await fetch(`${open.origin}/api/sessions`, { method: 'HEAD' })).status).toBe(200);
  });

  it('pages a 10,000-message session with the token counts of the log', async () => {
    const first = await json(`${open.origin}/api/sessions/big/messages?user=ada`);
    expect(first.messages).toHaveLength(200);
    expect(first.next).toBe(200);
    const last = await json(`${open.origin}/api/sessions/big/messages?user=ada&after=9900`);
    expect(last.messages.map((m: { seq: number }) => m.seq)).toEqual(
      Array.from({ length: 100 }, (_, i) => 9901 + i),
    );
    expect(last.next).toBeUndefined();
    const session = await json(`${open.origin}/api/sessions/big?user=ada`);
    const all = await json(`${open.origin}/api/sessions/big/messages?user=ada&limit=1000`);
    expect(all.messages.length).toBe(1000);
    expect(session.stats.count).toBe(10_000);
    expect((await fetch(`${open.origin}/api/sessions/nope/messages`)).status).toBe(404);
    expect((await fetch(`${open.origin}/api/sessions/big/messages?limit=0`)).status).toBe(400);
  });

  it('serves recorded steps whose figures are the records', async () => {
    const { steps } = await json(`${open.origin}/api/sessions/research/steps?user=ada`);
    expect(steps.map((s: { tokens: number }) => s.tokens)).toEqual(fixture.records.map((r) => r.tokens));
    expect(steps.map((s: { provider: unknown }) => s.provider)).toEqual(
      fixture.records.map((r) => r.provider),
    );
    expect(steps[fixture.duplicateRecallStep].health.map((h: { check: string }) => h.check)).toEqual([
      'duplicate-recall',
    ]);
    expect(steps.some((s: { marks: { kind: string }[] }) => s.marks.some((m) => m.kind === 'ladder'))).toBe(
      true,
    );
    const step = await json(`${open.origin}/api/sessions/research/steps/1?user=ada`);
    expect(step.items).toHaveLength(fixture.records[1]!.items.length);
    expect(step.diff.tokensDelta.message).toBe(
      (fixture.records[1]!.bySource.message ?? 0) - (fixture.records[0]!.bySource.message ?? 0),
    );
  });

  it("sends each step item's text as the provider received it, and the links between sessions, items and records", async () => {
    const step = await json(`${open.origin}/api/sessions/research/steps/1?user=ada`);
    const record = fixture.records[1]!;
    step.items.forEach((item: { text: string; textOrigin: string; original?: string }, i: number) => {
      const recorded = record.items[i]!;
      expect(item.textOrigin).toBe(recorded.sent !== undefined ? 'sent' : 'log');
      if (recorded.sent !== undefined) expect(item.text).toBe(recorded.sent);
      if (recorded.source === 'citation') expect(item.original!.length).toBeGreaterThan(item.text.length);
    });
    // Tool definitions by tool, each counted in the step's encoding: together, the item's tokens.
    expect(record.counter.encoding).toBe('o200k_base');
    const tools = step.items.find((i: { source: string }) => i.source === 'tools');
    expect(tools.tools.map((t: { name: string }) => t.name)).toEqual(['weather', 'reopen_content']);
    expect(tools.tools.reduce((n: number, t: { tokens: number }) => n + t.tokens, 0)).toBe(tools.tokens);
    const { listed, spaces } = await json(`${open.origin}/api/spaces`);
    expect(listed).toBe(true);
    expect(spaces.map((s: { space: string }) => s.space)).toEqual([fixture.space]);
    const id = /tr_[0-9a-f]{24}/.exec(record.items.find((i) => i.source === 'citation')?.sent ?? '')?.[0];
    const item = await json(`${open.origin}/api/content/${id}`);
    expect(item.space).toBe(fixture.space);
    expect(item.origin).toMatchObject({ session: 'research', user: 'ada', agent: null });
    expect(item.origin.step).toBeLessThanOrEqual(1);
    const { sourcedRecord: sourced } = fixture;
    const history = await json(`${open.origin}/api/records/${sourced.id}`);
    expect(history.origin).toEqual({
      session: 'research',
      user: 'ada',
      agent: null,
      messageId: sourced.messageId,
      seq: sourced.seq,
      step: 0,
    });
    const page = await json(
      `${open.origin}/api/sessions/research/messages?user=ada&message=${sourced.messageId}&limit=5`,
    );
    expect(page.from).toBe(sourced.seq - 2);
    expect(page.messages.map((m: { id: string }) => m.id)).toContain(sourced.messageId);
    const working = await json(`${open.origin}/api/working`);
    expect(
      working.map((w: { id: string; versions: { text: string }[] }) => ({
        id: w.id,
        texts: w.versions.map((v) => v.text),
      })),
    ).toEqual(expect.arrayContaining(fixture.working));
    expect(working).toHaveLength(fixture.working.length);
  });

  it('redacts API-key-shaped strings unless --show-secrets', async () => {
    const page = await (
      await fetch(`${open.origin}/api/sessions/research/messages?user=ada&limit=1000`)
    ).text();
    expect(page).toContain('Use my key sk-ant-[redacted] for the weather API');
    expect(page).not.toContain(fixture.secret);
    const shown = await startInspect([...at(), 'inspect', '--port', '0', '--show-secrets']);
    try {
      const text = await (
        await fetch(`${shown.origin}/api/sessions/research/messages?user=ada&limit=1000`)
      ).text();
      expect(text).toContain(fixture.secret);
    } finally {
      expect(await shown.stop()).toBe(0);
    }
  });

  it('requires the token on every request when one is set (header, query or the cookie from it)', async () => {
    expect(guarded.url).toBe(`${guarded.origin}/?token=${token}`);
    for (const path of ['/', '/app.js', '/api/sessions'])
      expect((await fetch(`${guarded.origin}${path}`)).status, path).toBe(401);
    expect((await fetch(`${guarded.origin}/api/sessions?token=wrong-token-0123456789`)).status).toBe(401);
    expect(
      (await fetch(`${guarded.origin}/api/sessions`, { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401);
    const ok = await fetch(`${guarded.origin}/api/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
    const viaQuery = await fetch(guarded.url);
    expect(viaQuery.status).toBe(200);
    const cookie = viaQuery.headers.get('set-cookie')!.split(';')[0]!;
    expect(viaQuery.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await fetch(`${guarded.origin}/app.js`, { headers: { cookie } })).status).toBe(200);
    expect(
      (
        await fetch(`${guarded.origin}/api/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(405);
  });

  it('without a token, answers only requests addressed to a loopback name (no DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${open.origin}/api/sessions`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status('evil.example:80')).toBe(403);
    expect(await status(`localhost:${new URL(open.origin).port}`)).toBe(200);
  });

  it('on a non-loopback --host without --token, generates a strong token and prints it', async () => {
    const p = await startInspect([...at(), 'inspect', '--host', '0.0.0.0', '--port', '0']);
    try {
      const token = /\?token=([A-Za-z0-9_-]{43})$/.exec(p.url)?.[1];
      expect(token).toBeDefined();
      const at = `http://127.0.0.1:${new URL(p.url).port}/api/sessions`;
      expect((await fetch(at)).status).toBe(401);
      expect((await fetch(at, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });

  it('refuses a weak --token (exit 2), and a bad port', async () => {
    for (const weak of ['short', '        ', 'aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const refused = await runInspect([
        ...at(),
        'inspect',
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--token',
        weak,
      ]);
      expect(refused.code, weak).toBe(2);
      expect(refused.stderr).toMatch(/--token: the inspector token/);
    }
    expect((await runInspect([...at(), 'inspect', '--port', '70000'])).code).toBe(2);
    const missing = await runInspect(['--db', join(dir, 'missing.db'), 'inspect', '--port', '0']);
    expect(missing.code).toBe(4);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const p = await startInspect([...at(), 'inspect', '--port', '0']);
    expect(await p.stop()).toBe(0);
  });

  it('serves a PostgreSQL store too (--pg, --schema)', async () => {
    const db = await createTestSchema('engram_inspect');
    const store = createPostgresStore({ connectionString: db.url, schema: db.name });
    try {
      const scope = { tenant: 'acme', user: 'ada' };
      await store.createSession(scope, { id: 'on-pg' });
      await store.append(scope, 'on-pg', [
        {
          message: { id: 'm1', role: 'user', content: 'hello from postgres', createdAt: new Date(0) },
          tokens: 5,
        },
      ]);
      const pg = await startInspect([
        '--pg',
        db.url,
        '--schema',
        db.name,
        ...fixtureScopeArgs,
        'inspect',
        '--port',
        '0',
      ]);
      try {
        expect(
          (await json(`${pg.origin}/api/sessions`)).map((s: { id: string; tokens: number }) => [
            s.id,
            s.tokens,
          ]),
        ).toEqual([['on-pg', 5]]);
        const page = await json(`${pg.origin}/api/sessions/on-pg/messages?user=ada`);
        expect(page.messages.map((m: { text: string }) => m.text)).toEqual(['hello from postgres']);
      } finally {
        expect(await pg.stop()).toBe(0);
      }
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
