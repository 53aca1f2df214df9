import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { startInspect } from '../../test-support/inspector/inspect-binary.ts';
import { typecheckConsumer } from './consumer-typecheck.ts';
import { packageEntries, readPackageJson, root } from './entries.ts';
import { ensureNode22, NODE22_VERSION } from './node22.ts';
import { buildAndPack, installTarball } from './pack.ts';
import { smokeOutput, smokeProgram } from './smoke-program.ts';

const packageJson = readPackageJson();
const entries = packageEntries(packageJson);

let dir: string;
let tarball: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-pack-'));
  tarball = buildAndPack(dir);
  installTarball(tarball, join(dir, 'consumer'), packageJson);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package (npm pack of a fresh build)', () => {
  it('passes publint --strict', async () => {
    const { messages, pkg } = await publint({
      pack: { tarball: readFileSync(tarball).buffer as ArrayBuffer },
      strict: true,
      level: 'suggestion',
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([]);
  });

  it('passes attw with the esm-only profile', () => {
    // engram is ESM only (`"type": "module"`, exports with `import` conditions only, Node >= 22.13, where
    // require(esm) works). The esm-only profile ignores the resolution modes a pure ESM package cannot
    // serve by design (node10, and node16 from CommonJS, which gets "ESM (dynamic import only)") and still
    // checks node16 from ESM and bundler resolution, types included, for every entry point.
    const cli = join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    const result = spawnSync(
      process.execPath,
      [cli, tarball, '--profile', 'esm-only', '--format', 'table', '--no-color', '--no-emoji'],
      { encoding: 'utf8' },
    );
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  }, 60_000);

  it('imports on Node 24 from a project that has only its declared dependencies, with the same exports as the sources', () => {
    const script = `
      const entries = ${JSON.stringify(entries.map((entry) => ({ ...entry, source: pathToFileURL(entry.source).href })))};
      const out = {};
      for (const { specifier, source } of entries) {
        out[specifier] = {
          packed: Object.keys(await import(specifier)).sort(),
          source: Object.keys(await import(source)).sort(),
        };
      }
      console.log(JSON.stringify(out));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(dir, 'consumer'),
      encoding: 'utf8',
    });
    const exported: Record<string, { packed: string[]; source: string[] }> = JSON.parse(out);
    for (const { specifier } of entries) {
      expect(exported[specifier]?.packed.length, specifier).toBeGreaterThan(0);
      expect(exported[specifier]?.packed, specifier).toEqual(exported[specifier]?.source);
    }
  }, 60_000);

  it('type-checks in a strict NodeNext consumer, its own declaration files included', () => {
    expect(
      typecheckConsumer(
        join(dir, 'consumer'),
        packageJson.name,
        entries.map((entry) => entry.specifier),
      ),
    ).toEqual([]);
  }, 60_000);

  it("ships the inspector's front end, which the packed `engram inspect` serves", async () => {
    const db = join(dir, 'inspect.db');
    const store = createSqliteStore({ path: db });
    await store.createSession({ tenant: 'default' }, { id: 'packed' });
    await store.close();
    const bin = join(dir, 'consumer/node_modules', packageJson.name, 'dist/cli/main.js');
    const server = await startInspect(['--db', db, 'inspect', '--port', '0'], { bin });
    try {
      for (const path of ['/', '/app.js', '/style.css', '/views/step-detail.js'])
        expect((await fetch(`${server.origin}${path}`)).status, path).toBe(200);
      const sessions = await (await fetch(`${server.origin}/api/sessions`)).text();
      expect(JSON.parse(sessions).map((s: { id: string }) => s.id)).toEqual(['packed']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  /** Runs a program with `node` in the consumer project; its stdout, with stderr required to be free of warnings. */
  const runIn = (node: string, args: string[], cwd = join(dir, 'consumer')) => {
    const result = spawnSync(node, args, { cwd, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr, 'stderr').not.toMatch(/Warning/);
    return result.stdout.trim();
  };

  it('runs from `import` and from `require` on Node 24 without a warning', () => {
    expect(runIn(process.execPath, ['--input-type=module', '-e', smokeProgram('import')])).toBe(smokeOutput);
    expect(runIn(process.execPath, ['-e', smokeProgram('require')])).toBe(smokeOutput);
  }, 60_000);

  it(`runs on Node ${NODE22_VERSION} (the floor of \`engines\`), from \`import\` and \`require\`, without a warning`, () => {
    expect(packageJson.engines?.node).toBe(`>=${NODE22_VERSION.replace(/\.0$/, '')}`);
    const node22 = ensureNode22();
    expect(runIn(node22, ['--version'])).toBe(`v${NODE22_VERSION}`);
    expect(runIn(node22, ['--input-type=module', '-e', smokeProgram('import')])).toBe(smokeOutput);
    expect(runIn(node22, ['-e', smokeProgram('require')])).toBe(smokeOutput);
  }, 300_000);

  it('runs as one esbuild bundle with no node_modules beside it (token tables bundled)', () => {
    const app = join(dir, 'consumer', 'bundle-app.mjs');
    writeFileSync(app, smokeProgram('static'));
    const bundle = join(dir, 'bundle', 'app.mjs');
    execFileSync(
      join(root, 'node_modules/.bin/esbuild'),
      [app, '--bundle', '--platform=node', '--format=esm', `--outfile=${bundle}`, '--log-level=error'],
      { cwd: join(dir, 'consumer') },
    );
    expect(runIn(process.execPath, [bundle], join(dir, 'bundle'))).toBe(smokeOutput);
  }, 120_000);

  /** A project with the packed engram and only its dependencies (and `ai`): no optional peer is installed. */
  let bareDir: string | undefined;
  const bareProject = (): string => {
    if (bareDir) return bareDir;
    const bare = join(dir, 'bare');
    mkdirSync(join(bare, 'node_modules'), { recursive: true });
    // Extracted, not linked: a link resolves to the consumer project, whose node_modules has the runner.
    mkdirSync(join(bare, 'node_modules', packageJson.name));
    execFileSync('tar', [
      '-xzf',
      tarball,
      '-C',
      join(bare, 'node_modules', packageJson.name),
      '--strip-components=1',
    ]);
    for (const name of Object.keys(packageJson.dependencies ?? {}).concat('ai')) {
      mkdirSync(dirname(join(bare, 'node_modules', name)), { recursive: true });
      symlinkSync(join(root, 'node_modules', name), join(bare, 'node_modules', name), 'dir');
    }
    bareDir = bare;
    return bare;
  };

  it('loads engram/testing without vitest or fast-check: helpers work, suites throw MISSING_DEPENDENCY', () => {
    const bare = bareProject();
    const script = `
      const testing = await import('engram/testing');
      const server = await testing.startMem0TestServer();
      await server.close();
      let code;
      try { testing.describeMemoryStore('x', { open: async () => undefined }); } catch (e) { code = e.code; }
      console.log(JSON.stringify({ message: testing.makeMessage('user', 'hi').role, code }));`;
    expect(runIn(process.execPath, ['--input-type=module', '-e', script], bare)).toBe(
      '{"message":"user","code":"MISSING_DEPENDENCY"}',
    );
  }, 60_000);

  it('`npm publish --dry-run` prints no warning', () => {
    const pkg = join(dir, 'publish');
    mkdirSync(pkg);
    execFileSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']);
    // A placeholder token: without one the dry run warns that publishing needs a login, which says nothing of the package.
    const result = spawnSync(
      'npm',
      ['publish', '--dry-run', '--ignore-scripts', '--//registry.npmjs.org/:_authToken=dry-run'],
      { cwd: pkg, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.split('\n').filter((line) => /npm warn/i.test(line))).toEqual([]);
  }, 60_000);
});
