import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../driver.ts';
import { createLibsqlDrivers, createLibsqlStore } from '../../libsql.ts';
import { connectLibsql } from './libsql-client.ts';

async function codeOf(work: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work();
  } catch (error) {
    if (!MemoryError.isInstance(error)) throw error;
    return { code: error.code, message: error.message };
  }
  throw new Error('expected a MemoryError');
}

describe('libsql: loading @libsql/client', () => {
  it('a missing package is MISSING_DEPENDENCY saying what to install', async () => {
    const missing = async () => {
      throw new Error("Cannot find package '@libsql/client'");
    };
    const error = await codeOf(() => connectLibsql({ url: 'file:x.db' }, missing));
    expect(error.code).toBe('MISSING_DEPENDENCY');
    expect(error.message).toContain('npm install @libsql/client');
    expect((await codeOf(() => connectLibsql({ url: 'file:x.db' }, async () => ({})))).code).toBe(
      'MISSING_DEPENDENCY',
    );
  });

  it('a URL the client cannot read is INVALID_ARGUMENT naming it; url and client are exclusive', async () => {
    const error = await codeOf(() => connectLibsql({ url: 'nope://x' }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('nope://x');
    expect(() => createLibsqlStore({})).toThrow(/exactly one of url and client/);
  });

  it('a misspelt option key is INVALID_ARGUMENT naming it, not ignored', () => {
    for (const key of ['authtoken', 'busyTimeout', 'maxMessageByte'])
      expect(() => createLibsqlStore({ url: ':memory:', [key]: 1 } as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(`createLibsqlStore(options).${key}: not an option`),
        }),
      );
    // createLibsqlDrivers names itself, not createLibsqlStore.
    expect(() => createLibsqlDrivers({ url: ':memory:', authtoken: 't' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('createLibsqlDrivers(options).authtoken: not an option'),
      }),
    );
  });

  it('a store on a URL it cannot open fails each call with a typed error, and closes', async () => {
    const store = createLibsqlStore({ url: 'file:/nonexistent-dir/x/y.db' });
    expect((await codeOf(() => store.listSessions({ tenant: 't' }))).code).toBe('STORE_ERROR');
    expect((await codeOf(() => store.ready())).code).toBe('STORE_ERROR');
    await store.close();
  });
});
