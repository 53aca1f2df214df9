import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPostgresDialect } from '../postgres/postgres-dialect.ts';
import { sqliteDialect } from '../sqlite/sqlite-dialect.ts';
import { sqlMigrations } from './schema.ts';
import type { SqlDialect } from './sql-client.ts';

/** The first 16 hex digits of the SHA-256 of a migration's statements (as a JSON array) for a dialect. */
const digest = (statements: readonly string[]) =>
  createHash('sha256').update(JSON.stringify(statements)).digest('hex').slice(0, 16);

/**
 * A migration is applied once and recorded, so its text is a contract with every database already created: a
 * new database must end up with the same schema (SQLite even keeps the `CREATE` text) as an upgraded one. These
 * digests were taken from the statements as released; a refactoring of the schema code must leave them alone.
 */
const released: Record<string, Record<number, string>> = {
  sqlite: {
    1: 'dee79ca3100937f2',
    2: '4a02e3c010051fef',
    3: '9b27090ae2289bf2',
    4: '685c79f827081063',
    5: '87e9ed2ff83303c9',
    6: '9e59a6dfd2dd9e67',
    7: '26d3c6244abba193',
    8: '1bc422bdbd416a9b',
    9: '4f53cda18c2baa0c',
    10: '7a30f21b6bf6914e',
    11: 'a3a8bcd1318474f0',
    12: '4f53cda18c2baa0c',
    13: '6dfb71274438ccd6',
    14: 'c62de7664a07eef0',
    15: '51118e2671ff8f1e',
    16: '83e3d73cb88da002',
    17: 'fccd31cb8872b789',
    18: '9b190e68eac214e5',
    19: '33dcee8a9192ccc0',
    20: 'd387d6b963e659c1',
    21: '5684779f658c027e',
  },
  postgres: {
    1: 'afe9e15a46e2a364',
    2: '8c8bb3ec45602b74',
    3: '459421327bd71081',
    4: '685c79f827081063',
    5: '4f53cda18c2baa0c',
    6: '042f87b770eb6bb2',
    7: '513494de48dc857a',
    8: 'd9d23e4d9a5ac0b2',
    9: 'cf787a30a04938f8',
    10: 'dd56862867cff89e',
    11: '7a04c143e2bf82d1',
    12: '0b0c472db747909e',
    13: '02678f75f59cfe6c',
    14: '4f53cda18c2baa0c',
    15: '51118e2671ff8f1e',
    16: '83e3d73cb88da002',
    17: '4f53cda18c2baa0c',
    18: '4f53cda18c2baa0c',
    19: '33dcee8a9192ccc0',
    20: '4f53cda18c2baa0c',
    21: '3c437f007b72b05c',
  },
};

describe('schema migrations', () => {
  const dialects: [string, SqlDialect][] = [
    ['sqlite', sqliteDialect],
    ['postgres', createPostgresDialect('engram')],
  ];
  for (const [name, dialect] of dialects) {
    it(`${name}: every released migration's statements are unchanged`, () => {
      const now = Object.fromEntries(sqlMigrations.map((m) => [m.version, digest(m.statements(dialect))]));
      expect(now).toEqual(released[name]);
    });
  }

  it('versions increase by one from 1', () => {
    expect(sqlMigrations.map((m) => m.version)).toEqual(sqlMigrations.map((_, i) => i + 1));
  });
});
