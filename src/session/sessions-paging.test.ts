import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { listAllSessions } from '../store/list-all-sessions.ts';
import { createSessions } from './sessions.ts';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Sessions that share their creation millisecond across a page boundary (a burst of short runs, an import): the
 * retention actions read every session, paging by creation time, and must not skip the ones a page ended among.
 */
describe('retention over every session, however many share a creation millisecond', () => {
  for (const count of [499, 500, 501, 1000, 1001, 1234])
    it(`${count} sessions created in one millisecond: endOf('workflow') and expire() reach every one`, async () => {
      vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
      const store = createMemoryStore();
      const sessions = createSessions({ store });
      for (let i = 0; i < count; i++) await sessions.create({ id: `s${i}`, retention: 'single_run' });
      const listed = [];
      for await (const s of listAllSessions(store, { tenant: 'default' }, 100)) listed.push(s.id);
      expect(new Set(listed).size).toBe(count);
      expect(listed.length).toBe(count);
      expect((await sessions.endOf('workflow')).length).toBe(count);
      expect(await store.listSessions({ tenant: 'default' })).toEqual([]);
      for (let i = 0; i < count; i++) await sessions.create({ id: `e${i}` });
      vi.setSystemTime(new Date('2026-02-01T00:00:00Z'));
      expect((await sessions.expire(1000)).length).toBe(count);
      expect(await store.listSessions({ tenant: 'default' })).toEqual([]);
    });
});
