import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { expectMemoryError, makeMessage, toInputs, uniqueScope } from '../../testing/fixtures.ts';
import { arbId } from '../../testing/message-arbitraries.ts';
import { decodeFileName, encodeFileName } from './file-names.ts';
import { createJsonFileStore } from './json-file-driver.ts';

const root = await mkdtemp(join(tmpdir(), 'engram-json-layout-'));
afterAll(() => rm(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${n++}`);

describe('encodeFileName', () => {
  it('keeps a-z, 0-9 and -, escapes everything else as _XX', () => {
    expect(encodeFileName('abc-123')).toBe('abc-123');
    expect(encodeFileName('A.b_c%')).toBe('_41_2Eb_5Fc_25');
    expect(encodeFileName('../x')).toBe('_2E_2E_2Fx');
    expect(encodeFileName('_state')).toBe('_5Fstate');
    expect(encodeFileName('é')).toBe('_C3_A9');
  });

  it('is injective, case-insensitively unique, path-safe and short (property)', () => {
    fc.assert(
      fc.property(arbId, arbId, (a, b) => {
        const ea = encodeFileName(a);
        const eb = encodeFileName(b);
        expect(ea).toMatch(/^(~[0-9a-f]{64}|[a-z0-9_A-F-]{1,160})$/);
        if (a !== b) expect(ea.toLowerCase()).not.toBe(eb.toLowerCase());
        if (!ea.startsWith('~')) expect(decodeFileName(ea)).toBe(a);
      }),
      { numRuns: 2000 },
    );
  });

  it('hashes long ids', () => {
    const long = 'ü'.repeat(256);
    expect(encodeFileName(long)).toMatch(/^~[0-9a-f]{64}$/);
    expect(encodeFileName(long)).not.toBe(encodeFileName(`${'ü'.repeat(255)}u`));
    expect(decodeFileName(encodeFileName(long))).toBeUndefined();
  });
});

describe('json-file layout', () => {
  it('writes the seed 002 document, a JSONL log, and _state.json', async () => {
    const directory = freshDir();
    const store = createJsonFileStore({ directory });
    const scope = { tenant: 'Acme Corp' };
    await store.createSession(scope, { id: 'user123', metadata: { title: 't' } });
    const [m1, m2] = [makeMessage('user', 'Hello'), makeMessage('assistant', 'Hello! How can I help?')];
    await store.append(scope, 'user123', toInputs([m1!, m2!], [2, 6]));
    await store.putArtifact(scope, 'user123', {
      id: 'sum',
      kind: 'summary',
      fromSeq: 1,
      toSeq: 2,
      data: 'greeting',
    });
    // What SessionManager saves (the session's components), a per-name key of the session, a plain key.
    const saved = {
      sessionId: 'user123',
      components: { ReActAgent: { memory: 'InMemoryMemory', interrupted: false } },
      timestamp: '2024-05-06T07:08:09.010Z',
    };
    await store.putState(scope, 'session:user123:engram.components', saved);
    await store.putState(scope, 'session:user123:planner', { step: 3 });
    await store.putState(scope, 'Preferences', { theme: 'dark' });
    await store.close();

    const tenantDir = join(directory, encodeFileName('Acme Corp'));
    expect((await readdir(directory)).sort()).toEqual(['_41cme_20_43orp', '_engram.json']);
    expect((await readdir(tenantDir)).sort()).toEqual([
      '_state.json',
      'user123.json',
      'user123.messages.jsonl',
    ]);
    const doc = JSON.parse(await readFile(join(tenantDir, 'user123.json'), 'utf8'));
    expect(Object.keys(doc)).toEqual(['sessionId', 'components', 'timestamp']);
    expect(doc.sessionId).toBe('user123');
    expect(doc.components['engram.session']).toMatchObject({
      id: 'user123',
      scope,
      metadata: { title: 't' },
    });
    expect(doc.components['engram.artifacts']).toMatchObject([
      { id: 'sum', kind: 'summary', data: 'greeting' },
    ]);
    expect(Object.keys(doc.components)).toEqual([
      'ReActAgent',
      'engram.session',
      'engram.state',
      'engram.artifacts',
    ]);
    expect(doc.components.ReActAgent).toEqual({ memory: 'InMemoryMemory', interrupted: false });
    expect(doc.components['engram.state']).toEqual({ planner: { step: 3 } });
    expect(doc.timestamp).toBe(saved.timestamp);
    const lines = (await readFile(join(tenantDir, 'user123.messages.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { seq: 1, tokens: 2, message: { id: m1!.id, role: 'user', content: 'Hello' } },
      { seq: 2, tokens: 6, message: { id: m2!.id, role: 'assistant' } },
    ]);
    const state = JSON.parse(await readFile(join(tenantDir, '_state.json'), 'utf8'));
    expect(state).toMatchObject({ tenant: 'Acme Corp', states: { Preferences: { theme: 'dark' } } });
  });

  it('appends only lines to the log (tombstones too) and leaves the document alone', async () => {
    const directory = freshDir();
    const store = createJsonFileStore({ directory });
    const scope = uniqueScope();
    await store.createSession(scope, { id: 's' });
    const m = makeMessage('user', 'one');
    await store.append(scope, 's', toInputs([m]));
    const tenantDir = join(directory, encodeFileName(scope.tenant));
    const docBefore = await readFile(join(tenantDir, 's.json'), 'utf8');
    const logBefore = await readFile(join(tenantDir, 's.messages.jsonl'), 'utf8');
    await store.append(scope, 's', toInputs([makeMessage('user', 'two')]));
    await store.deleteMessages(scope, 's', [m.id]);
    const logAfter = await readFile(join(tenantDir, 's.messages.jsonl'), 'utf8');
    expect(logAfter.startsWith(logBefore)).toBe(true);
    const added = logAfter
      .slice(logBefore.length)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(added).toMatchObject([{ seq: 2 }, { op: 'delete', seq: 1 }]);
    expect(await readFile(join(tenantDir, 's.json'), 'utf8')).toBe(docBefore);
    expect((await readdir(tenantDir)).filter((f) => f.includes('.tmp-'))).toEqual([]);
    await store.close();
  });

  it('ignores a torn last log line and cuts it off before the next append', async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 's' });
    await store.append(scope, 's', toInputs([makeMessage('user', 'kept')]));
    await store.close();
    const log = join(directory, encodeFileName(scope.tenant), 's.messages.jsonl');
    await appendFile(log, '{"at":"2024-01-01T00:00:00.000Z","seq":2,"tokens":1,"message":{"role":"us');
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept']);
    expect((await store.append(scope, 's', toInputs([makeMessage('user', 'next')])))[0]?.seq).toBe(2);
    await store.close();
    const lines = (await readFile(log, 'utf8')).split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept', 'next']);
    await store.close();
  });

  it('a write of several lines that a crash cut short at a line end is left out whole: no half batch, no half delete', async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 's' });
    await store.append(scope, 's', toInputs([makeMessage('user', 'kept')]));
    const log = join(directory, encodeFileName(scope.tenant), 's.messages.jsonl');
    const before = await readFile(log);
    await store.append(scope, 's', toInputs(['b1', 'b2', 'b3'].map((t) => makeMessage('user', t))));
    const whole = await readFile(log);
    await store.close();
    // What a kill or a power loss while the batch was written may leave: its first two lines, each complete.
    const cut = (buffer: Buffer, from: number, lines: number) => {
      let end = from;
      for (let i = 0; i < lines; i++) end = buffer.indexOf(10, end) + 1;
      return buffer.subarray(0, end);
    };
    await writeFile(log, cut(whole, before.length, 2));
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept']);
    expect((await store.append(scope, 's', toInputs([makeMessage('user', 'next')])))[0]?.seq).toBe(2);
    const [kept, next] = await store.readRange(scope, 's');
    await store.close();
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept', 'next']);
    // A delete of two messages cut short after its first tombstone deletes neither.
    const beforeDelete = await readFile(log);
    expect(await store.deleteMessages(scope, 's', [kept!.message.id, next!.message.id])).toBe(2);
    const deleted = await readFile(log);
    await store.close();
    await writeFile(log, cut(deleted, beforeDelete.length, 1));
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept', 'next']);
    expect(await store.deleteMessages(scope, 's', [next!.message.id])).toBe(1);
    await store.close();
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 's')).map((e) => e.message.content)).toEqual(['kept']);
    await store.close();
  });

  it('reports a corrupt complete line as STORE_ERROR', async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 's' });
    await store.close();
    await writeFile(join(directory, encodeFileName(scope.tenant), 's.messages.jsonl'), 'not json\n');
    store = createJsonFileStore({ directory });
    const error = await store.readRange(scope, 's').catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'STORE_ERROR')).toBe(true);
    expect((error as Error).message).toMatch(/^\[engram\] \[json-file\] /);
    await store.close();
  });

  it("materializes a fork's shared prefix when its parent is deleted, and it survives a reopen", async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 'p' });
    const ms = ['a', 'b', 'c'].map((t) => makeMessage('user', t));
    await store.append(scope, 'p', toInputs(ms, [1, 2, 3]));
    await store.createSession(scope, { id: 'f', fork: { parentId: 'p', atSeq: 3 } });
    await store.deleteMessages(scope, 'f', [ms[2]!.id]);
    await store.deleteSession(scope, 'p');
    await store.close();
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 'f')).map((e) => e.message.content)).toEqual(['a', 'b']);
    expect(await store.stats(scope, 'f')).toMatchObject({ count: 2, tokens: 3, lastSeq: 3 });
    expect((await store.getSession(scope, 'f'))?.parentId).toBeUndefined();
    expect((await store.append(scope, 'f', toInputs([makeMessage('user', 'd')])))[0]?.seq).toBe(4);
    const tenantDir = join(directory, encodeFileName(scope.tenant));
    expect((await readdir(tenantDir)).sort()).toEqual(['f.json', 'f.messages.jsonl']);
    await store.close();
  });

  it("keeps a fork's hides when a crash stops its materialization before its document is rewritten", async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 'p' });
    const ms = ['a', 'b'].map((t) => makeMessage('user', t));
    await store.append(scope, 'p', toInputs(ms, [1, 2]));
    await store.createSession(scope, { id: 'f', fork: { parentId: 'p', atSeq: 2 } });
    expect(
      await store.deleteMessages(
        scope,
        'f',
        ms.map((m) => m.id),
      ),
    ).toBe(2); // f inherits nothing live
    await store.append(scope, 'f', toInputs([makeMessage('user', 'own')], [5]));
    // The crash: f's log is rewritten, then rewriting its document fails (a directory is in the way).
    const docPath = join(directory, encodeFileName(scope.tenant), 'f.json');
    const doc = await readFile(docPath);
    await rm(docPath);
    await mkdir(docPath);
    await expectMemoryError(store.deleteSession(scope, 'p'), 'STORE_ERROR');
    await store.close();
    await rm(docPath, { recursive: true });
    await writeFile(docPath, doc);
    store = createJsonFileStore({ directory });
    expect((await store.readRange(scope, 'f')).map((e) => e.message.content)).toEqual(['own']);
    expect(await store.stats(scope, 'f')).toMatchObject({ count: 1, tokens: 5, lastSeq: 3 });
    expect(
      await store.getMessages(
        scope,
        'f',
        ms.map((m) => m.id),
      ),
    ).toEqual([]);
    await store.close();
  });

  it('keeps session-scoped state in the session document and drops it with the session', async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    const store = createJsonFileStore({ directory });
    await expectMemoryError(store.putState(scope, 'session:s:Early', 1), 'SESSION_NOT_FOUND');
    await store.createSession(scope, { id: 's' });
    await store.putState(scope, 'session:s:Early', 1);
    await store.putState(scope, 'session:s:Agent', { step: 3 });
    await store.putState(scope, 'session:s:engram.session', 'reserved name');
    expect(await store.getState(scope, 'session:s:Agent')).toEqual({ step: 3 });
    expect(await store.getState(scope, 'session:s:engram.session')).toBe('reserved name');
    expect((await store.getSession(scope, 's'))?.id).toBe('s');
    await store.deleteSession(scope, 's');
    for (const key of ['session:s:Early', 'session:s:Agent', 'session:s:engram.session']) {
      expect(await store.getState(scope, key)).toBeUndefined();
    }
    await store.close();
  });

  it("keeps each owner's sessions and their state keys in its own folder, and other state in _state.json by user and agent", async () => {
    const directory = freshDir();
    const { tenant } = uniqueScope();
    const alice = { tenant, user: 'alice' };
    const aliceBot = { tenant, user: 'alice', agent: 'bot' };
    const bot = { tenant, agent: 'bot' };
    let store = createJsonFileStore({ directory });
    for (const owner of [alice, aliceBot, bot, { tenant }]) {
      await store.createSession(owner, { id: 's' });
      await store.append(owner, 's', toInputs([makeMessage('user', 'hi')]));
    }
    await store.putState(alice, 'session:s:Agent', 'alice');
    await store.putState(alice, 'session:s:engram.x', 'alice reserved');
    await store.putState({ tenant }, 'session:s:Agent', 'tenant');
    await store.putState(aliceBot, 'Prefs', 'bot');
    await store.putState({ tenant }, 'Prefs', 'tenant');
    await store.close();
    const tenantDir = join(directory, encodeFileName(tenant));
    expect((await readdir(tenantDir)).sort()).toEqual([
      '_agent',
      '_state.json',
      '_user',
      's.json',
      's.messages.jsonl',
    ]);
    for (const dir of ['_user/alice', '_user/alice/_agent/bot', '_agent/bot']) {
      const files = (await readdir(join(tenantDir, dir))).filter((f) => f.includes('.'));
      expect(files.sort(), dir).toEqual(['s.json', 's.messages.jsonl']);
    }
    const aliceDoc = JSON.parse(await readFile(join(tenantDir, '_user/alice/s.json'), 'utf8'));
    expect(aliceDoc.components['engram.state']).toEqual({ Agent: 'alice', 'engram.x': 'alice reserved' });
    expect(aliceDoc.components['engram.session'].scope).toEqual(alice);
    const doc = JSON.parse(await readFile(join(tenantDir, 's.json'), 'utf8'));
    expect(doc.components['engram.state']).toEqual({ Agent: 'tenant' });
    const state = JSON.parse(await readFile(join(tenantDir, '_state.json'), 'utf8'));
    expect(state.states).toEqual({ Prefs: 'tenant' });
    expect(state.scoped).toEqual([{ user: 'alice', agent: 'bot', states: { Prefs: 'bot' } }]);
    store = createJsonFileStore({ directory });
    expect(await store.getState(alice, 'session:s:Agent')).toBe('alice');
    expect(await store.getState(alice, 'session:s:engram.x')).toBe('alice reserved');
    expect(await store.getState({ tenant }, 'session:s:Agent')).toBe('tenant');
    expect(await store.getState(aliceBot, 'Prefs')).toBe('bot');
    expect(await store.getState(alice, 'Prefs')).toBeUndefined();
    await store.deleteSession(alice, 's');
    expect(await readdir(join(tenantDir, '_user/alice'))).toEqual(['_agent']);
    expect(await store.getState(alice, 'session:s:engram.x')).toBeUndefined();
    expect(await store.getState({ tenant }, 'session:s:Agent')).toBe('tenant');
    await store.close();
  });

  it('reports a corrupt session document as STORE_ERROR when reading its state', async () => {
    const directory = freshDir();
    const scope = uniqueScope();
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 's' });
    await store.putState(scope, 'session:s:Agent', 'saved');
    await store.close();
    await writeFile(join(directory, encodeFileName(scope.tenant), 's.json'), '{ not json');
    store = createJsonFileStore({ directory });
    for (const call of [
      () => store.getState(scope, 'session:s:Agent'),
      () => store.putState(scope, 'session:s:Agent', 'x'),
      () => store.deleteState(scope, 'session:s:Agent'),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(MemoryError.hasCode(error, 'STORE_ERROR'), String(error)).toBe(true);
    }
    await store.close();
  });
});
