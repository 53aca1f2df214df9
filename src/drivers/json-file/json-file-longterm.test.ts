import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { sessionBound } from '../../longterm/session-bound-records.ts';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { createJsonFileStore } from './json-file-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-json-longterm-'));

describeLongTermStore('json-file', {
  open: async () => createJsonFileStore({ directory: dir }),
  reopen: async (previous) => {
    await previous.close?.();
    return createJsonFileStore({ directory: dir });
  },
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

describe('json-file long-term journal', () => {
  it('a purge leaves no trace of the purged records on disk; a torn last line is ignored on reopen', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-purge-'));
    try {
      const scope = { tenant: 't', user: 'u' };
      let store = createJsonFileStore({ directory: root });
      await store.longTermRecords.addRecords(scope, [
        prepareRecord({ id: 'a', text: 'the launch code is swordfish' }, 'test'),
        prepareRecord({ id: 'b', text: 'likes green tea' }, 'test'),
      ]);
      await store.longTermRecords.updateRecord(scope, 'a', { text: 'the launch code is marlin' }, new Date());
      expect(await store.longTermRecords.purgeRecords(scope, ['a'])).toBe(1);
      const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      const text = files.map((f) => readFileSync(join(f.parentPath, f.name), 'utf8')).join('\n');
      expect(text).not.toMatch(/swordfish|marlin/);
      expect(text).toMatch(/green tea/);
      const journal = files.find((f) => f.name === 'longterm.jsonl');
      expect(journal).toBeDefined();
      appendFileSync(join(journal!.parentPath, journal!.name), '{"op":"version","owner":');
      await store.close();
      store = createJsonFileStore({ directory: root });
      expect((await store.longTermRecords.getRecord(scope, 'b'))?.text).toBe('likes green tea');
      await store.longTermRecords.addRecords(scope, [
        prepareRecord({ id: 'c', text: 'after the tear' }, 'test'),
      ]);
      await store.close();
      store = createJsonFileStore({ directory: root });
      expect((await store.longTermRecords.listRecords(scope)).records.map((r) => r.id)).toEqual(['b', 'c']);
      await store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('json-file long-term journal writes', () => {
  it('an addRecords of several records that a crash cut short at a line end is left out whole, and a purge rewrite keeps the rest readable', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-batch-'));
    try {
      const scope = { tenant: 't', user: 'u' };
      let store = createJsonFileStore({ directory: root });
      const add = (...ids: string[]) =>
        store.longTermRecords.addRecords(
          scope,
          ids.map((id) => prepareRecord({ id, text: `fact ${id}` }, 'test')),
        );
      await add('a');
      const path = join(
        readdirSync(root, { recursive: true, withFileTypes: true }).find((f) => f.name === 'longterm.jsonl')!
          .parentPath,
        'longterm.jsonl',
      );
      const before = readFileSync(path).length;
      await add('b', 'c', 'd');
      const whole = readFileSync(path);
      await store.close();
      // What a kill or a power loss while the batch was written may leave: its first two lines, each complete.
      const cut = whole.indexOf(10, whole.indexOf(10, before) + 1) + 1;
      writeFileSync(path, whole.subarray(0, cut));
      store = createJsonFileStore({ directory: root });
      const ids = async () =>
        (await store.longTermRecords.listRecords(scope)).records.map((r) => r.id).sort();
      expect(await ids()).toEqual(['a']);
      await add('e', 'f');
      await add('g', 'h', 'i');
      expect(await store.longTermRecords.purgeRecords(scope, ['e', 'h'])).toBe(2);
      await add('j');
      await store.close();
      store = createJsonFileStore({ directory: root });
      expect(await ids()).toEqual(['a', 'f', 'g', 'i', 'j']);
      await store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('json-file deleteSession and bound records', () => {
  it('purges, durably, a bound record deleted before the session and one whose newer version dropped the binding', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-bound-'));
    try {
      const scope = { tenant: 't', user: 'u' };
      const bound = (id: string, text: string) =>
        prepareRecord({ id, kind: 'note', text, metadata: sessionBound('chat') }, 'test');
      let store = createJsonFileStore({ directory: root });
      await store.createSession(scope, { id: 'chat' });
      await store.longTermRecords.addRecords(scope, [
        bound('gone', 'the vault opens with swordfish'),
        bound('moved', 'the vault opens with marlin'),
        prepareRecord({ id: 'kept', text: 'likes green tea' }, 'test'),
      ]);
      await store.longTermRecords.deleteRecord(scope, 'gone', new Date());
      await store.longTermRecords.updateRecord(scope, 'moved', { metadata: {} }, new Date());
      await store.deleteSession(scope, 'chat');
      const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      const text = files.map((f) => readFileSync(join(f.parentPath, f.name), 'utf8')).join('\n');
      expect(text).not.toMatch(/swordfish|marlin/);
      expect(text).toMatch(/green tea/);
      await store.close();
      store = createJsonFileStore({ directory: root });
      expect(await store.longTermRecords.history(scope, 'gone')).toEqual([]);
      expect(await store.longTermRecords.history(scope, 'moved')).toEqual([]);
      expect((await store.longTermRecords.getRecord(scope, 'kept'))?.text).toBe('likes green tea');
      await store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
