import { describe, expect, it } from 'vitest';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { memoryFileKind } from './memory-files.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const scope = { tenant: 'acme', user: 'ada' };

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
