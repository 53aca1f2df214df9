/**
 * What the storage suites share: a work directory, the fixture file, the peers (bench/peers) and a PostgreSQL
 * server, each left out (and named in the report) when `--no-peers` / `--no-postgres` says so or it fails.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePeers } from '../peers/import-peer.ts';
import type { SuiteOptions } from '../report.ts';
import { type FixtureFigures, fixtureSpec, writeFixture } from './fixture.ts';
import { type PgServer, startPgServer } from './pg-server.ts';

/** A prepared environment; `release()` stops what it started and removes the work directory. */
export interface BenchEnvironment {
  /** The work directory (databases, results). */
  dir: string;
  /** The fixture file. */
  fixture: string;
  /** What the fixture holds. */
  fixtureFigures: FixtureFigures;
  /** Whether the peers are installed and may be measured. */
  peers: boolean;
  /** The PostgreSQL server, when there is one. */
  pg?: PgServer;
  /** Contenders left out, with why. */
  skipped: string[];
  /** Releases the server and removes the directory. */
  release(): Promise<void>;
}

/** Prepares the directory, a `messages`-message fixture, the peers and the server. */
export async function prepareEnvironment(
  options: SuiteOptions,
  prefix: string,
  messages: number,
): Promise<BenchEnvironment> {
  const { log } = options;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const skipped: string[] = [];
  let pg: PgServer | undefined;
  const release = async () => {
    await pg?.release();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const peersError = options.peers === false ? 'left out (--no-peers)' : ensurePeers(log);
    if (peersError) skipped.push(`Mastra and LangGraph: ${peersError}`);
    const pgResult = options.postgres === false ? 'left out (--no-postgres)' : await startPgServer(log);
    if (typeof pgResult === 'string') skipped.push(`engram postgres: ${pgResult}`);
    else pg = pgResult;
    const fixture = join(dir, 'messages.json');
    log(`fixture: ${messages.toLocaleString('en-US')} scripted messages`);
    const fixtureFigures = writeFixture(fixture, fixtureSpec(messages));
    return { dir, fixture, fixtureFigures, peers: !peersError, pg, skipped, release };
  } catch (error) {
    await release();
    throw error;
  }
}
