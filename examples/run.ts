/**
 * `npm run example -- <name> [args…]`: runs `examples/<name>.ts`, or the entry (`main`) of a directory example
 * `examples/<name>/` that has a package.json of its own, in this process. The npm script starts Node with
 * `--conditions=engram-source`, so `import … from 'engram'` in an example resolves through the package's own
 * `exports` (a self-reference, as in a user's project) to the TypeScript sources, with no build. With no name it
 * lists the examples; an unknown name lists them on stderr and exits with 2. (A directory example is its own
 * package: it is an npm workspace of the root package, so `engram` resolves there through `node_modules/engram`, the
 * link to this repository that `npm install` makes of its `"engram": "file:../.."`.)
 *
 *   npm run example -- chat-agent --reset
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The entry of each runnable example by name: every `examples/<name>.ts` but this runner and the tests, and
 * every `examples/<name>/` with a package.json, by its `main`. */
const entries = new Map<string, string>();
for (const f of readdirSync(here, { withFileTypes: true })) {
  if (f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts') && f.name !== 'run.ts')
    entries.set(f.name.slice(0, -3), join(here, f.name));
  const manifest = join(here, f.name, 'package.json');
  if (f.isDirectory() && existsSync(manifest)) {
    const { main } = JSON.parse(readFileSync(manifest, 'utf8')) as { main?: string };
    entries.set(f.name, join(here, f.name, main ?? 'index.ts'));
  }
}
const names = [...entries.keys()].sort();

const [name, ...rest] = process.argv.slice(2);
const usage = `Usage: npm run example -- <name> [args…]\nExamples: ${names.join(', ')}`;
if (name === undefined) {
  console.log(usage);
  process.exit(0);
}
if (!names.includes(name)) {
  console.error(`No example "${name}". ${usage}`);
  process.exit(2);
}
const entry = entries.get(name)!;
// The example reads its own arguments (`--reset`) from process.argv, as when it is run directly.
process.argv = [process.argv[0] ?? process.execPath, entry, ...rest];
await import(pathToFileURL(entry).href);
