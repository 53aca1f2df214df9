import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's `scripts/pg-server.sh`, resolved from this file. */
export const pgServerScript: string = fileURLToPath(new URL('../../scripts/pg-server.sh', import.meta.url));

/** Options of {@link startPgServer} and {@link stopPgServer}. */
export interface PgServerOptions {
  /** The process that leases the server; `stop` stops it only when no other live lease remains. @default process.pid */
  holder?: number;
  /** Passed to the script as `ENGRAM_PG_DATA`. @default the script's default, `<repo>/.pgdata` */
  dataDir?: string;
  /** Passed to the script as `ENGRAM_PG_PORT`. @default the script's default, 55432 */
  port?: number;
}

function run(command: 'start' | 'stop' | 'status', options: PgServerOptions): string {
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_PG_HOLDER: String(options.holder ?? process.pid) };
  if (options.dataDir !== undefined) env.ENGRAM_PG_DATA = options.dataDir;
  if (options.port !== undefined) env.ENGRAM_PG_PORT = String(options.port);
  // stderr goes to the terminal (progress, apt-get output); stdout carries the URL.
  return execFileSync('bash', [pgServerScript, command], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
}

/** Starts (or joins) the private test cluster with `scripts/pg-server.sh start`; returns its admin URL. */
export function startPgServer(options: PgServerOptions = {}): string {
  const lines = run('start', options).trim().split('\n');
  const url = lines.at(-1) ?? '';
  if (!url.startsWith('postgres://'))
    throw new Error(`pg-server.sh start printed no URL: ${lines.join(' | ')}`);
  return url;
}

/** Drops this holder's lease and stops the cluster when no other live lease remains. */
export function stopPgServer(options: PgServerOptions = {}): void {
  run('stop', options);
}
