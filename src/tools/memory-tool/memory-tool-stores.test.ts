import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { reliabilityDrivers } from '../../../test-support/reliability/store-drivers.ts';
import { tempSqlitePaths } from '../../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { memoryFileKind } from './memory-files.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const scope = { tenant: 'acme', user: 'ada' };
const sqlitePath = tempSqlitePaths('memory-tool-stores');

describe('memory tool handler: scopes and stores', () => {
  it('gives each exact scope its own /memories; a tenant-wide handler sees none of its users’ files', async () => {
    const store = createMemoryStore();
    const ada = createMemoryToolHandler({ store, scope: { tenant: 't', user: 'ada' } });
    const bob = createMemoryToolHandler({ store, scope: { tenant: 't', user: 'bob' } });
    const agent = createMemoryToolHandler({ store, scope: { tenant: 't', user: 'ada', agent: 'helper' } });
    const tenant = createMemoryToolHandler({ store, scope: { tenant: 't' } });
    await ada.execute({ command: 'create', path: '/memories/secret.md', file_text: 'ada only' });
    for (const other of [bob, agent, tenant]) {
      expect(await other.execute({ command: 'view', path: '/memories' })).toMatch(/\n0B\t\/memories$/);
      expect(await other.execute({ command: 'view', path: '/memories/secret.md' })).toMatch(/does not exist/);
      expect(await other.execute({ command: 'delete', path: '/memories/secret.md' })).toMatch(
        /does not exist/,
      );
    }
    expect(await ada.execute({ command: 'view', path: '/memories/secret.md' })).toMatch(/1\tada only$/);
  });

  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: files survive a reopen; two writers' edits to one file are both kept`,
      async () => {
        const db = await driver.setup('memory_tool');
        const [a, b] = [db.open(), db.open()];
        try {
          const one = createMemoryToolHandler({ store: a, scope });
          const two = createMemoryToolHandler({ store: b, scope });
          const lines = Array.from({ length: 20 }, (_, i) => `line ${i}: todo`);
          await one.execute({ command: 'create', path: '/memories/plan.md', file_text: lines.join('\n') });
          const writer = async (h: typeof one, parity: number) => {
            const results: string[] = [];
            for (let i = parity; i < lines.length; i += 2)
              results.push(
                await h.execute({
                  command: 'str_replace',
                  path: '/memories/plan.md',
                  old_str: `line ${i}: todo`,
                  new_str: `line ${i}: done`,
                }),
              );
            return results;
          };
          const results = (await Promise.all([writer(one, 0), writer(two, 1)])).flat();
          expect(results.filter((r) => !r.startsWith('The memory file has been edited'))).toEqual([]);
          await a.close();
          const c = db.open();
          const three = createMemoryToolHandler({ store: c, scope });
          const view = await three.execute({ command: 'view', path: '/memories/plan.md' });
          expect(view.match(/done/g)).toHaveLength(20);
          expect(
            await two.execute({ command: 'create', path: '/memories/plan.md', file_text: 'again' }),
          ).toMatch(/already exists/);
          // Every edit is a version of the file's record.
          const [record] = (
            await getLongTermRecords(c).listRecords(scope, { filter: { kinds: [memoryFileKind] } })
          ).records;
          expect((await getLongTermRecords(c).history(scope, record!.id)).length).toBe(21);
          await c.close();
        } finally {
          await a.close().catch(() => {});
          await b.close();
          await db.done();
        }
      },
    );
  }
});

describe('memory tool handler: edits of one file sent at once', () => {
  // Each write made a record slot of its own, so a handler's concurrent edits of one file raced each other's
  // compare-and-set: of 200 inserts sent at once on SQLite, most were refused as "kept changing under 9 attempts".
  for (const handles of [1, 2])
    it(`sqlite, ${handles} handle(s) on one file: 200 inserts into one file at once all land`, async () => {
      const path = sqlitePath();
      const stores = Array.from({ length: handles }, () =>
        createSqliteStore({ path, durability: 'process' }),
      );
      try {
        const handlers = stores.map((store) => createMemoryToolHandler({ store, scope }));
        await handlers[0]!.execute({ command: 'create', path: '/memories/log.md', file_text: 'end' });
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            handlers[i % handles]!.run({
              command: 'insert',
              path: '/memories/log.md',
              insert_line: 0,
              insert_text: `entry ${i}`,
            }),
          ),
        );
        expect(results.filter((r) => r.isError).map((r) => r.text)).toEqual([]);
        const view = await handlers[0]!.execute({ command: 'view', path: '/memories/log.md' });
        for (let i = 0; i < 200; i++) expect(view).toContain(`\tentry ${i}\n`);
      } finally {
        for (const store of stores) await store.close();
      }
    }, 30_000);
});

describe("memory tool handler: a scope's files are the records it owns, whatever their metadata says", () => {
  const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }).filter((d) =>
    ['memory', 'sqlite', 'postgres'].includes(d.name),
  );
  for (const driver of drivers)
    it.skipIf(driver.missing !== undefined)(
      `${driver.name}: a user's record naming the tenant as owner is no file of the tenant's handler`,
      async () => {
        const opened = await driver.open();
        try {
          const { store } = opened;
          const user = { tenant: 't', user: 'ada' };
          const ada = createMemoryToolHandler({ store, scope: user });
          const tenant = createMemoryToolHandler({ store, scope: { tenant: 't' } });
          await ada.execute({ command: 'create', path: '/memories/ada.md', file_text: 'ada own' });
          await tenant.execute({ command: 'create', path: '/memories/notes.md', file_text: 'tenant notes' });
          // Records written in Ada's scope (any code with a long-term memory of hers can) shaped as files whose
          // metadata names the tenant: one of a path of its own, one sealed for a move of the tenant's notes.md.
          const file = (path: string, extra: Record<string, string> = {}) => ({
            id: `mfile_${createHash('sha256').update(path).digest('hex')}`,
            kind: memoryFileKind,
            text: `${path}\nada secret`,
            metadata: { path, bytes: 10, owner: JSON.stringify(['t', null, null]), ...extra },
          });
          const forged = [
            file('/memories/leak.md'),
            file('/memories/notes.md', { movedTo: '/memories/stolen.md' }),
          ];
          await createLongTermMemory({ store, scope: user }).add(forged);
          const records = getLongTermRecords(store);
          const adaTexts = async () =>
            (
              await records.getRecords(
                user,
                forged.map((f) => f.id),
              )
            ).map((r) => r.text);
          const before = await adaTexts();
          const paths = async (handler: typeof ada) =>
            (await handler.execute({ command: 'view', path: '/memories' }))
              .split('\n')
              .slice(1)
              .map((line) => line.split('\t')[1]);

          expect(await paths(tenant)).toEqual(['/memories', '/memories/notes.md']);
          // Each command as the tenant, and what it answers: a command under the lock finishes no "move" of the
          // forged sealed record (the tenant's notes.md stays), and create, edit, rename and delete at the forged
          // paths act on the tenant's own files only.
          const steps: [Record<string, string>, RegExp][] = [
            [{ command: 'view', path: '/memories/leak.md' }, /does not exist/],
            [{ command: 'create', path: '/memories/other.md', file_text: 'x' }, /created/],
            [{ command: 'view', path: '/memories/notes.md' }, /1\ttenant notes$/],
            [{ command: 'view', path: '/memories/stolen.md' }, /does not exist/],
            [{ command: 'create', path: '/memories/leak.md', file_text: 'mine' }, /created/],
            [
              { command: 'str_replace', path: '/memories/leak.md', old_str: 'mine', new_str: 'ours' },
              /edited/,
            ],
            [{ command: 'rename', old_path: '/memories/leak.md', new_path: '/memories/kept.md' }, /renamed/],
            [{ command: 'delete', path: '/memories/kept.md' }, /Successfully deleted/],
            [{ command: 'delete', path: '/memories/leak.md' }, /does not exist/],
          ];
          for (const [command, answer] of steps)
            expect(await tenant.execute(command), JSON.stringify(command)).toMatch(answer);
          expect(await paths(tenant)).toEqual(['/memories', '/memories/notes.md', '/memories/other.md']);
          expect(await adaTexts()).toEqual(before);
          // Ada's own files are as they were.
          expect(await paths(ada)).toEqual(['/memories', '/memories/ada.md']);
        } finally {
          await opened.dispose();
        }
      },
      30_000,
    );
});
