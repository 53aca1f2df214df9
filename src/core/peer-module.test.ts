import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../testing/fixtures.ts';
import { importPeer, isMissingPackage, missingPeer, type PeerNeed } from './peer-module.ts';

const need: PeerNeed = {
  component: 'libsql',
  needs: 'the libSQL store needs @libsql/client',
  packages: ['@libsql/client'],
};

/** An error as Node throws it when a package cannot be found. */
const notFound = (code: string, message: string) => Object.assign(new Error(message), { code });

/** What `importPeer` of @libsql/client throws when its import fails with `error`. */
const failedImport = (error: Error) =>
  expectMemoryError(
    importPeer('@libsql/client', need, async () => Promise.reject(error)),
    'MISSING_DEPENDENCY',
  );

describe('peer dependencies', () => {
  it('missingPeer: MISSING_DEPENDENCY with the install line, the first line of why, and the cause', () => {
    const cause = notFound(
      'MODULE_NOT_FOUND',
      "Cannot find module '@libsql/client'\nRequire stack:\n- /somewhere/x.js",
    );
    const error = missingPeer(need, cause);
    expect(error.code).toBe('MISSING_DEPENDENCY');
    expect(error.message).toBe(
      "[engram] [libsql] the libSQL store needs @libsql/client: run `npm install @libsql/client` (Cannot find module '@libsql/client')",
    );
    expect(error.cause).toBe(cause);
    const dev = missingPeer({
      component: 'testing',
      needs: 'x needs vitest',
      packages: ['vitest', 'fast-check'],
      dev: true,
    });
    expect(dev.message).toBe(
      '[engram] [testing] x needs vitest: run `npm install --save-dev vitest fast-check`',
    );
  });

  it("isMissingPackage: Node's not-found for the package or a file inside it, from import or require; nothing else", () => {
    const packages = ['@langchain/core'];
    expect(
      isMissingPackage(
        notFound('ERR_MODULE_NOT_FOUND', "Cannot find package '@langchain/core' imported from /a.js"),
        packages,
      ),
    ).toBe(true);
    expect(
      isMissingPackage(
        notFound(
          'ERR_MODULE_NOT_FOUND',
          "Cannot find package '@langchain/core/utils/uuid' imported from /a.js",
        ),
        packages,
      ),
    ).toBe(true);
    expect(
      isMissingPackage(notFound('MODULE_NOT_FOUND', "Cannot find module '@langchain/core'"), packages),
    ).toBe(true);
    expect(
      isMissingPackage(
        notFound('ERR_MODULE_NOT_FOUND', "Cannot find package '@langchain/core-extra'"),
        packages,
      ),
    ).toBe(false);
    expect(isMissingPackage(notFound('ERR_REQUIRE_ASYNC_MODULE', "'@langchain/core'"), packages)).toBe(false);
    expect(isMissingPackage("Cannot find package '@langchain/core'", packages)).toBe(false);
  });

  it('importPeer: the module when it loads; any failure is MISSING_DEPENDENCY with it as the cause', async () => {
    const module = { createClient: () => undefined };
    expect(await importPeer('@libsql/client', need, async () => module)).toBe(module);
    const absent = notFound(
      'ERR_MODULE_NOT_FOUND',
      "Cannot find package '@libsql/client' imported from /a.js",
    );
    const missing = await failedImport(absent);
    expect(missing.message).toContain('needs @libsql/client: run `npm install @libsql/client` (Cannot find');
  });

  it('importPeer: a package installed but broken, or missing one of its own dependencies, is said to be unloadable, not absent', async () => {
    const broken = new SyntaxError('bad build');
    const unloadable = await failedImport(broken);
    expect(unloadable.cause).toBe(broken);
    expect(unloadable.message).toBe(
      '[engram] [libsql] the libSQL store needs @libsql/client, which could not be loaded (bad build); to reinstall, run `npm install @libsql/client`',
    );
    const inner = notFound(
      'ERR_MODULE_NOT_FOUND',
      "Cannot find package 'libsql' imported from /n/@libsql/client/x.js",
    );
    const transitive = await failedImport(inner);
    expect(transitive.message).toContain("which could not be loaded (Cannot find package 'libsql'");
  });

  it('a driver passing a bad need or name gets INVALID_ARGUMENT naming the field', async () => {
    const bad = [
      [{ ...need, packages: [] }, 'importPeer(need).packages[0]'],
      [{ ...need, packages: ['pg', 1] }, 'importPeer(need).packages[1]'],
      [{ ...need, needs: '' }, 'importPeer(need).needs'],
      [{ ...need, dev: 'yes' }, 'importPeer(need).dev'],
      [{ ...need, extra: true }, 'importPeer(need).extra'],
    ] as const;
    for (const [value, field] of bad) {
      const error = await expectMemoryError(
        importPeer('pg', value as unknown as PeerNeed),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain(field);
    }
    await expectMemoryError(importPeer('', need), 'INVALID_ARGUMENT');
    expect(() => missingPeer(null as unknown as PeerNeed)).toThrow(/missingPeer\(need\) must be an object/);
  });
});
