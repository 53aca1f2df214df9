import type pg from 'pg';
import type { PgPoolClientLike, PgPoolLike } from '../../src/drivers/postgres/postgres-client.ts';

/** A pool that records every query text it sends (on the pool and on checked-out connections). */
export interface CountingPool {
  /** The pool to hand to `createPostgresStore`. */
  readonly pool: PgPoolLike;
  /** The query texts sent since the last `clear()`, in order. */
  readonly sent: string[];
  /** Forgets what was sent. */
  clear(): void;
}

/** Wraps a real `pg.Pool` (read when a query is sent, so it may be created later, in `beforeAll`). */
export function createCountingPool(real: () => pg.Pool): CountingPool {
  const sent: string[] = [];
  const pool: PgPoolLike = {
    query: (text, params) => {
      sent.push(text);
      return real().query(text, params);
    },
    connect: async (): Promise<PgPoolClientLike> => {
      const conn = await real().connect();
      return {
        query: (text, params) => {
          sent.push(text);
          return conn.query(text, params);
        },
        release: (destroy) => conn.release(destroy),
      };
    },
  };
  return { pool, sent, clear: () => void sent.splice(0) };
}
