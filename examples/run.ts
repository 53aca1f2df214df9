/**
 * `npm run example -- <name> [args…]`: runs `examples/<name>.ts` in this process. The npm script starts Node with
 * `--conditions=engram-source`, so `import … from 'engram'` in an example resolves through the package's own
 * `exports` (a self-reference, as in a user's project) to the TypeScript sources, with no build. With no name it
 * lists the examples; an unknown name lists them on stderr and exits with 2.
 *
 *   npm run example -- chat-agent --reset
 */

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The runnable examples: every `examples/<name>.ts` but this runner and the tests. */
const names = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3))
  .sort();

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
// The example reads its own arguments (`--reset`) from process.argv, as when it is run directly.
process.argv = [process.argv[0] ?? process.execPath, join(here, `${name}.ts`), ...rest];
await import(pathToFileURL(join(here, `${name}.ts`)).href);
