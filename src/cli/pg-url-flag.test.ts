import { describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';

describe('--pg must be a PostgreSQL connection URL', () => {
  it('a file name or another scheme is a usage error naming --pg, before any connection', async () => {
    // `pg` reads such a string relative to postgres://base: it would try a host "base" (or mysql's host on 5432).
    for (const pg of ['memory.db', './memory.db', 'mysql://127.0.0.1:1/x', 'localhost']) {
      const r = await runEngramAsync('--pg', pg, 'sessions', 'list');
      expect({ code: r.code, out: r.out }, pg).toEqual({ code: 2, out: '' });
      expect(r.err, pg).toMatch(/^engram: --pg .*postgres:\/\//);
      expect(r.err, pg).not.toMatch(/ENOTFOUND/);
    }
  });

  it('postgres://, postgresql:// and a socket folder are taken (and reach the connection)', async () => {
    for (const pg of [
      'postgres://127.0.0.1:1/x',
      'postgresql://127.0.0.1:1/x',
      '/nonexistent-socket-dir x',
    ]) {
      const r = await runEngramAsync('--pg', pg, 'sessions', 'list');
      expect(r.code, `${pg}: ${r.err}`).toBe(4);
      expect(r.err, pg).toMatch(/^engram: cannot read the PostgreSQL database/);
    }
  });
});
