import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { startInspect } from '../../test-support/inspector/inspect-binary.ts';
import { typecheckConsumer } from './consumer-typecheck.ts';
import { packageEntries, readPackageJson, root } from './entries.ts';
import { buildAndPack, installTarball } from './pack.ts';

const packageJson = readPackageJson();
const entries = packageEntries(packageJson);

let dir: string;
let tarball: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-pack-'));
  tarball = buildAndPack(dir);
  installTarball(tarball, join(dir, 'consumer'), packageJson);
}, 120_000);

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
});
