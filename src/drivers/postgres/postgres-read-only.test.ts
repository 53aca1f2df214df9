import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  migrationVersions,
  runStatement,
  type TestDatabase,
} from '../../../test-support/postgres/index.ts';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { sqlMigrations } from '../sql/schema.ts';
import { createPostgresStore, openPostgresStore } from './postgres-driver.ts';

const url = testPostgresUrl();
let db: TestDatabase | undefined;
beforeAll(async () => {
  if (url) db = await createTestSchema('read_only');
});
afterAll(() => db?.drop());
const versions = () => migrationVersions(url!, db!.name);
const scope = { tenant: 'acme' };

describe.skipIf(!url)('createPostgresStore({ readOnly: true })', () => {
  it('reads and searches; every write is a STORE_ERROR; an older schema is a MIGRATION_ERROR, not migrated', async () => {
    const writer = await openPostgresStore({ connectionString: url!, schema: db!.name });
    await writer.createSession(scope, { id: 'chat' });
    await writer.append(scope, 'chat', toInputs([makeMessage('user', 'the quick brown fox')]));
    await writer.close();

    const reader = await openPostgresStore({ connectionString: url!, schema: db!.name, readOnly: true });
    const memory = createConversationMemory({ store: reader, scope, sessionId: 'chat' });
    expect((await memory.entries()).map((e) => e.message.content)).toEqual(['the quick brown fox']);
    expect((await memory.search('brown')).map((m) => m.content)).toEqual(['the quick brown fox']);
    for (const [name, write] of [
      ['append', () => reader.append(scope, 'chat', toInputs([makeMessage('user', 'more')]))],
      ['createSession', () => reader.createSession(scope, { id: 'other' })],
      ['deleteSession', () => reader.deleteSession(scope, 'chat')],
    ] as const) {
      const error = await write().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(MemoryError.hasCode(error, 'STORE_ERROR'), `${name}: ${String(error)}`).toBe(true);
    }
    expect(await memory.entries()).toHaveLength(1);
    await reader.close();

    const latest = sqlMigrations.at(-1)!.version;
    await runStatement(url!, `DELETE FROM "${db!.name}".engram_migrations WHERE version = $1`, [latest]);
    const before = await versions();
    const error = await openPostgresStore({ connectionString: url!, schema: db!.name, readOnly: true }).then(
      async (s) => {
        await s.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(MemoryError.hasCode(error, 'MIGRATION_ERROR')).toBe(true);
    expect(String(error)).toMatch(/older than this engram's/);
    expect(await versions()).toEqual(before);
  }, 60_000);

  it('refuses a readOnly that is no boolean, naming it', () => {
    expect(() =>
      createPostgresStore({ connectionString: 'postgres://x/y', readOnly: 'yes' as never }),
    ).toThrow(/createPostgresStore\(options\)\.readOnly/);
  });
});
