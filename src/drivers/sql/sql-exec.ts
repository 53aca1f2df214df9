import type { SqlClient, SqlRow, SqlRunResult } from './sql-client.ts';
import { compileSql, type SqlFragment } from './sql-fragment.ts';

/** Every row of a fragment, compiled for the client's dialect. */
export function queryAll(client: SqlClient, fragment: SqlFragment): Promise<SqlRow[]> {
  const q = compileSql(fragment, client.dialect.placeholder);
  return client.all(q.text, q.params);
}

/** The first row of a fragment, or undefined. */
export function queryGet(client: SqlClient, fragment: SqlFragment): Promise<SqlRow | undefined> {
  const q = compileSql(fragment, client.dialect.placeholder);
  return client.get(q.text, q.params);
}

/** Runs a fragment that returns no rows. */
export function queryRun(client: SqlClient, fragment: SqlFragment): Promise<SqlRunResult> {
  const q = compileSql(fragment, client.dialect.placeholder);
  return client.run(q.text, q.params);
}
