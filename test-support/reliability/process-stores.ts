import { join } from 'node:path';
import { createTestSchema } from '../postgres/test-database.ts';
import { type ChildStoreConfig, openChildStore } from './child-store.ts';
import { testPostgresUrl } from './postgres-url.ts';
import { tempDir } from './store-drivers.ts';

/** One store set up for a multi-process test: what its children are given, the parent's own opening, cleanup. */
export interface ProcessStore {
  /** Spread into each child's config. */
  child: ChildStoreConfig;
  /** Opens the store in the parent (after the children ran). */
  open(): ReturnType<typeof openChildStore>;
  /** Removes the file or drops the schema. */
  done(): Promise<void>;
}

/** A database the multi-process tests run on: SQLite, and PostgreSQL when a test server is there. */
export interface ProcessDriver {
  name: 'sqlite' | 'postgres';
  /** Whether to skip it (no PostgreSQL test server). */
  skip: boolean;
  /** A fresh store: a file in its own temp dir, or a new schema; `label` names them. */
  setup(label: string): Promise<ProcessStore>;
}

/** SQLite and PostgreSQL, each setting up a fresh store per call, for tests that run several child processes. */
export const processDrivers: readonly ProcessDriver[] = [
  {
    name: 'sqlite',
    skip: false,
    async setup(label) {
      const dir = await tempDir(label);
      const child = { sqlitePath: join(dir.path, `${label}.db`) };
      return { child, open: () => openChildStore(child), done: () => dir.remove() };
    },
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    async setup(label) {
      const db = await createTestSchema(`engram_${label.replace(/-/g, '_')}`);
      const child = { postgres: { url: db.url, schema: db.name } };
      return { child, open: () => openChildStore(child), done: () => db.drop() };
    },
  },
];
