/**
 * Copies the files the build needs besides compiled TypeScript (tsc emits only `.js` and `.d.ts`): the
 * inspector's front end, `src/inspector/public/` → `<outDir>/inspector/public/`, where the built server looks
 * for it (beside its own module, as in the sources).
 *
 *   node scripts/package/copy-assets.ts [outDir]      (default: dist)
 */
import { cpSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './entries.ts';

/** Folders under `src/` copied as they are into the build. */
export const assetDirs = ['inspector/public'];

/** Copies every asset folder into `outDir` (a build's `dist`). */
export function copyAssets(outDir: string): void {
  for (const dir of assetDirs) cpSync(join(root, 'src', dir), join(outDir, dir), { recursive: true });
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url)))
  copyAssets(process.argv[2] ?? join(root, 'dist'));
