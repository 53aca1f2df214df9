/**
 * Runs benchmark sections and writes them into BENCHMARKS.md (each between its own markers).
 *
 *   npm run bench                                  # every section, full size, writes BENCHMARKS.md
 *   npm run bench -- --only storage,context        # only these sections (names or unique prefixes)
 *   npm run bench -- --quick                       # smoke run in seconds: tiny sizes, printed only
 *   npm run bench -- --preliminary                 # mark every section "preliminary (machine loaded …)"
 *   npm run bench -- --no-peers --no-postgres      # leave out Mastra/LangGraph, or the PostgreSQL rows
 *   npm run bench -- --json out.json               # also write the sections as JSON
 *   (a full GC runs before each timed phase: `--expose-gc` is turned on at run time when not given)
 *
 * Sections are listed in harness.ts; `bench/<name>.ts` exporting a `suite` is found by name as well.
 */

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSection, parseBenchArgs, resolveSections } from './harness.ts';
import { commandLine, writeSection } from './report.ts';
import { addCommandLines, checkSection } from './section-check.ts';

let args: ReturnType<typeof parseBenchArgs>;
let names: string[];
try {
  args = parseBenchArgs(process.argv.slice(2), process.env);
  names = resolveSections(args.names);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
const results: { name: string; id: string; markdown: string; seconds: number }[] = [];
for (const name of names) {
  console.log(`\n== ${name}${args.quick ? ' (quick)' : ''}`);
  const suite = await loadSection(name);
  const t0 = performance.now();
  const options = {
    quick: args.quick,
    log: (line: string) => console.log(line),
    command: args.command,
    preliminary: args.preliminary,
    peers: args.peers,
    postgres: args.postgres,
  };
  const raw = await suite(options);
  const result = { ...raw, markdown: addCommandLines(raw.markdown, commandLine(options)) };
  results.push({ name, ...result, seconds: (performance.now() - t0) / 1000 });
  console.log(`\n${result.markdown}\n`);
  const problems = checkSection(result.markdown);
  if (problems.length > 0) {
    console.error(`section "${result.id}" is malformed:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
    continue;
  }
  if (args.write) {
    writeSection(file, result.id, result.markdown);
    console.log(`wrote section "${result.id}" of BENCHMARKS.md`);
  }
}
if (args.json)
  writeFileSync(args.json, JSON.stringify({ command: args.command, sections: results }, null, 2));
