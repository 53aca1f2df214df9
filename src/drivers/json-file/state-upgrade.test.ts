import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  expectUpgradedState,
  type OldTenant,
  oldScope,
  oldTenants,
} from '../../../test-support/old-state-keys.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { encodeFileName } from './file-names.ts';
import { createJsonFileStore } from './json-file-driver.ts';
import { stateJournal } from './state-upgrade.ts';

/** Writes fail for paths that end with `failing.suffix` while it is set (a crash at that write). */
const failing = vi.hoisted(() => ({ suffix: undefined as string | undefined }));
vi.mock('./files.ts', async (importOriginal) => {
  const files = await importOriginal<typeof import('./files.ts')>();
  return {
    ...files,
    writeFileAtomic: (path: string, data: string | Buffer) => {
      if (failing.suffix !== undefined && path.endsWith(failing.suffix)) throw new Error('crash');
      return files.writeFileAtomic(path, data);
    },
  };
});

const root = await mkdtemp(join(tmpdir(), 'engram-state-upgrade-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const at = '2024-01-01T00:00:00.000Z';
const u1 = { tenant: 'acme', user: 'u1' };

/**
 * Writes an old tenant as layout 1 did: every document in the tenant folder, a key `session:<id>:<name>` as a
 * component of the document of the shortest prefix id naming a session of the key's owner (when that name is
 * not empty and not `engram.`-reserved), every other key in `_state.json` under its owner.
 */
async function writeLayout1(directory: string, old: OldTenant): Promise<void> {
  const dir = join(directory, encodeFileName(old.tenant));
  await mkdir(dir, { recursive: true });
  const components = new Map(old.sessions.map((s) => [s.id, {} as Record<string, string>]));
  const states = new Map<string, Record<string, string>>();
  for (const r of old.rows) {
    let placed = false;
    for (
      let i = r.key.indexOf(':', 8);
      r.key.startsWith('session:') && i >= 0 && !placed;
      i = r.key.indexOf(':', i + 1)
    ) {
      const id = r.key.slice(8, i);
      const name = r.key.slice(i + 1);
      const owned = old.sessions.some((s) => s.id === id && s.user === r.user);
      if (owned && name !== '' && !name.startsWith('engram.')) {
        components.get(id)![name] = r.value;
        placed = true;
      }
    }
    if (!placed) states.set(r.user, { ...states.get(r.user), [r.key]: r.value });
  }
  for (const s of old.sessions) {
    const record = {
      id: s.id,
      scope: oldScope(old.tenant, s.user),
      metadata: {},
      createdAt: at,
      updatedAt: at,
    };
    const doc = {
      sessionId: s.id,
      components: { 'engram.session': record, ...components.get(s.id) },
      timestamp: at,
    };
    await writeFile(join(dir, `${encodeFileName(s.id)}.json`), JSON.stringify(doc));
  }
  const scoped = [...states]
    .filter(([user]) => user !== '')
    .map(([user, values]) => ({ user, states: values }));
  const file = { tenant: old.tenant, states: states.get('') ?? {}, scoped };
  await writeFile(join(dir, '_state.json'), JSON.stringify(file));
}

describe('json-file layout upgrade of state keys', () => {
  it('keeps a key under its name only where both layouts read it as one session of its owner, else legacy:<key> (property)', async () => {
    // Random old tenants; the rule's oracle is `keepsOldStateKey` (the SQL migration checks the same rule).
    const directory = join(root, 'property');
    const tenants = oldTenants(60, 7);
    for (const old of tenants) await writeLayout1(directory, old);
    const store = createJsonFileStore({ directory });
    for (const old of tenants) await expectUpgradedState(store, old);
    await store.close();
  });

  it('finishes from its journal after a crash between the document and _state.json writes', async () => {
    const directory = join(root, 'd');
    const tenantDir = join(directory, encodeFileName('acme'));
    await mkdir(tenantDir, { recursive: true });
    const record = { id: 'chat', scope: u1, metadata: {}, createdAt: at, updatedAt: at };
    const components = { 'engram.session': record, Agent: 'u1 agent', 'memory:main': { v: 'old' } };
    await writeFile(
      join(tenantDir, 'chat.json'),
      JSON.stringify({ sessionId: 'chat', components, timestamp: at }),
    );
    const save = { sessionId: 'chat', components: { ConversationMemory: { n: 1 } }, timestamp: at };
    const states = {
      tenant: 'acme',
      states: {},
      scoped: [{ user: 'u1', states: { 'session:chat:engram.components': save } }],
    };
    await writeFile(join(tenantDir, '_state.json'), JSON.stringify(states));

    failing.suffix = '_state.json';
    const crashed = createJsonFileStore({ directory });
    const error = await crashed.getState(u1, 'session:chat:Agent').catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'STORE_ERROR'), String(error)).toBe(true);
    await crashed.close();
    // The document is already rewritten (its components are now the save); _state.json is not.
    expect(await readdir(tenantDir)).toContain(stateJournal);
    failing.suffix = undefined;

    const store = createJsonFileStore({ directory });
    expect(await store.getState(u1, 'session:chat:Agent')).toBe('u1 agent');
    expect(await store.getState(u1, 'session:chat:engram.components')).toEqual(save);
    expect(await store.getState(u1, 'session:chat:ConversationMemory')).toBeUndefined();
    expect(await store.getState(u1, 'legacy:session:chat:memory:main')).toEqual({ v: 'old' });
    expect(await readdir(tenantDir)).not.toContain(stateJournal);
    await store.close();
  });
});
