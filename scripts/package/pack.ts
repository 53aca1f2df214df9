import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyAssets } from './copy-assets.ts';
import { type PackageJson, root } from './entries.ts';

/**
 * Builds the package the way `npm run build` does (`tsconfig.build.json`, then the assets), but into `<dir>/package/dist`,
 * so no stale file of an earlier build in the repository's `dist/` can slip in; copies the files npm always
 * packs beside it and runs `npm pack` there. Returns the tarball's path.
 */
export function buildAndPack(dir: string): string {
  const pkg = join(dir, 'package');
  mkdirSync(pkg, { recursive: true });
  const build = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      join(pkg, 'dist'),
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  copyAssets(join(pkg, 'dist'));
  for (const file of ['package.json', 'README.md', 'LICENSE']) {
    if (existsSync(join(root, file))) copyFileSync(join(root, file), join(pkg, file));
  }
  const out = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, '--loglevel', 'error'],
    { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack reported no tarball: ${out}`);
  return join(dir, packed.filename);
}

/**
 * Installs a packed tarball as `node_modules/<name>` of a fresh consumer project in `dir`, beside links to
 * only the package's declared `dependencies` and `peerDependencies` (from this repository's install), plus
 * `@types/node` and `@types/pg` for the consumer's typecheck. Anything the package imports without declaring
 * it then fails to resolve, as it would for a user.
 */
export function installTarball(tarball: string, dir: string, packageJson: PackageJson): void {
  const target = join(dir, 'node_modules', packageJson.name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  const names = [
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.peerDependencies ?? {}),
    '@types/node',
    '@types/pg',
  ];
  for (const name of names) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), link, 'dir');
  }
}
