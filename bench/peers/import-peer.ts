/**
 * Loads the peer libraries the storage benchmark measures (Mastra, LangGraph) from this folder's own
 * node_modules: a separate npm project, so the engram package and CI's `npm ci` never install them.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** This folder (`bench/peers`). */
export const peersDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Imports a peer package by name. The specifier resolves from this file, so it finds `bench/peers/node_modules`.
 * Callers type the result structurally (the engram type check never needs the peers installed).
 */
export async function importPeer<T>(specifier: string): Promise<T> {
  return (await import(specifier)) as T;
}

/** Whether `bench/peers/node_modules` is installed and at least as new as its lockfile. */
export function peersInstalled(): boolean {
  const marker = new URL('./node_modules/.package-lock.json', import.meta.url);
  const lock = new URL('./package-lock.json', import.meta.url);
  return existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
}

/**
 * Installs the peers with `npm ci --prefix bench/peers` when they are missing or stale. Returns undefined on
 * success, or why it failed (the suite then measures engram and the raw loop only, and says so).
 */
export function ensurePeers(log: (line: string) => void): string | undefined {
  if (peersInstalled()) return undefined;
  log(`installing benchmark peers: npm ci --prefix ${peersDir}`);
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli?.endsWith('.js')
    ? [process.execPath, [npmCli]]
    : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  const result = spawnSync(command, [...args, 'ci', '--prefix', peersDir, '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) return `npm ci failed to start: ${result.error.message}`;
  if (result.status !== 0) return `npm ci exited with status ${result.status}`;
  return peersInstalled() ? undefined : 'npm ci finished but node_modules/.package-lock.json is missing';
}
