/**
 * Runs benchmark suites and writes their sections into BENCHMARKS.md.
 *
 *   npm run bench                          # every suite, full size, writes BENCHMARKS.md
 *   npm run bench -- context-assembly      # only the named suites
 *   npm run bench -- --quick               # smaller runs, printed only (BENCHMARKS.md untouched)
 *   (a full GC runs before each timed phase: `--expose-gc` is turned on at run time when not given)
 */

import { fileURLToPath } from 'node:url';
import { type Suite, writeSection } from './report.ts';

/** Suites by name, loaded on demand; add new ones here. */
const suites: Record<string, () => Promise<Suite>> = {
  'context-assembly': async () => (await import('./context-assembly.ts')).contextAssembly,
  storage: async () => (await import('./storage/index.ts')).storage,
  'write-path': async () => (await import('./write-path/index.ts')).writePath,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const write = !quick && !args.includes('--no-write');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in suites));
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; available: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}

const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
for (const name of names.length > 0 ? names : Object.keys(suites)) {
  console.log(`\n== ${name}${quick ? ' (quick)' : ''}`);
  const suite = await suites[name]!();
  const result = await suite({ quick, log: (line) => console.log(line) });
  console.log(`\n${result.markdown}\n`);
  if (write) {
    writeSection(file, result.id, result.markdown);
    console.log(`wrote section "${result.id}" of BENCHMARKS.md`);
  }
}
