import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a fresh database on the test PostgreSQL server, made by the global setup for this run. */
    pgUrl: string;
  }
}

/** The URL of this test run's database (provided by `test-support/postgres/global-setup.ts`). */
export function pgTestUrl(): string {
  const url = inject('pgUrl');
  if (!url)
    throw new Error('no pgUrl: register test-support/postgres/global-setup.ts as a vitest globalSetup');
  return url;
}

/** An isolated database or schema for one test file, with the way to remove it. */
export interface TestDatabase {
  /** Connection URL (for a schema: the run's database). */
  url: string;
  /** The database or schema name (lowercase letters, digits and `_`, safe to interpolate). */
  name: string;
  /** Drops it (terminating connections to a database). */
  drop(): Promise<void>;
}

async function withClient<T>(url: string, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/** Creates a fresh database on the test server (isolated from every other test file). */
export async function createTestDatabase(prefix = 'engram_t'): Promise<TestDatabase> {
  const base = pgTestUrl();
  const name = uniqueName(prefix);
  await withClient(base, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () =>
      withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** Creates a fresh schema in the run's database (cheaper than a database; drivers take a `schema` option). */
export async function createTestSchema(prefix = 'engram_t'): Promise<TestDatabase> {
  const url = pgTestUrl();
  const name = uniqueName(prefix);
  await withClient(url, (c) => c.query(`CREATE SCHEMA "${name}"`));
  return {
    url,
    name,
    drop: () => withClient(url, (c) => c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).then(() => {}),
  };
}

/** The versions recorded in `engram_migrations` of `schema` (ascending): what a migration would change. */
export async function migrationVersions(url: string, schema: string): Promise<number[]> {
  const { rows } = await withClient(url, (c) =>
    c.query(`SELECT version FROM "${schema}".engram_migrations ORDER BY version`),
  );
  return rows.map((r: { version: unknown }) => Number(r.version));
}

/** Runs one statement on `url` (a test's own change to a schema, such as taking a migration back). */
export async function runStatement(url: string, text: string, params: unknown[] = []): Promise<void> {
  await withClient(url, (c) => c.query(text, params));
}
