import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './entries.ts';

/** The Node 22 release the package's `engines` names as its floor; the packed package is smoke-tested on it. */
export const NODE22_VERSION = '22.16.0';

/**
 * A Node 22 binary for the packed-package smoke test: the npm package `node@NODE22_VERSION` (a real Node binary),
 * installed once into `node_modules/.cache/engram-node22` of this repository, so CI needs nothing installed by hand.
 * Returns the binary's path.
 */
export function ensureNode22(): string {
  const dir = join(root, 'node_modules/.cache/engram-node22', NODE22_VERSION);
  const bin = join(dir, 'node_modules/node/bin/node');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "engram-node22", "private": true }\n');
  execFileSync(
    'npm',
    ['install', `node@${NODE22_VERSION}`, '--no-audit', '--no-fund', '--loglevel', 'error'],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (!existsSync(bin)) throw new Error(`npm installed node@${NODE22_VERSION} but ${bin} is missing`);
  return bin;
}
