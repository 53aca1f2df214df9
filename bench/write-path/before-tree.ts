/**
 * The engram source of an older commit, for before/after figures in one run: `git archive <ref> src` unpacked
 * into a temporary directory that shares this repository's node_modules.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository's root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A snapshot of `ref`'s `src/`: its root (for `srcRoot`), the commit it is, and how to remove it. */
export interface BeforeTree {
  root: string;
  commit: string;
  remove(): void;
}

/** Unpacks `ref`'s `src/` (and package.json, for module type) next to a link to this repository's node_modules. */
export function snapshotTree(ref: string): BeforeTree {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const root = mkdtempSync(join(tmpdir(), `engram-before-${commit}-`));
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src', 'package.json'], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, commit, remove: () => rmSync(root, { recursive: true, force: true }) };
}
