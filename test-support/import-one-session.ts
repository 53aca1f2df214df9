import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { runEngram } from './run-engram.ts';

/**
 * Creates the SQLite database `db` with `engram import`: one session `s1` of the default tenant holding one user
 * message "hello there" (id `m1`). The JSONL file it imports is written beside it (`<db>.jsonl`).
 */
export function importOneSession(db: string): void {
  const file = `${db}.jsonl`;
  writeFileSync(
    file,
    '{"type":"session","id":"s1","metadata":{}}\n{"type":"message","message":{"role":"user","content":"hello there","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n',
  );
  const r = runEngram('--db', db, 'import', file);
  expect(r.code, r.err).toBe(0);
}
