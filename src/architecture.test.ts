import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of DESIGN.md §3 as a checked rule: each area may import only the areas listed for it, so the
 * dependency graph between folders stays acyclic (core at the bottom, the `engram/ai-sdk` glue at the top).
 * Tests and the test-support folder are exempt as importers; nothing but tests may import `testing/`.
 */
const allowed: Record<string, readonly string[]> = {
  core: [],
  tokens: ['core', 'messages'],
  messages: ['core'],
  content: ['core', 'messages', 'tokens'],
  longterm: ['core', 'messages', 'tokens'],
  working: ['core', 'messages', 'tokens', 'longterm'],
  store: ['core', 'messages', 'content', 'longterm'],
  drivers: ['core', 'messages', 'tokens', 'content', 'longterm', 'store'],
  memory: ['core', 'messages', 'store', 'drivers', 'tokens'],
  views: ['core', 'messages', 'memory', 'store', 'tokens', 'content', 'longterm', 'working'],
  session: ['core', 'memory', 'store', 'tokens'],
  patterns: ['core', 'messages', 'memory', 'store', 'drivers', 'tokens', 'longterm'],
  tools: ['core', 'messages', 'memory', 'content', 'tokens', 'longterm', 'working'],
  cli: [
    'core',
    'messages',
    'memory',
    'store',
    'drivers',
    'longterm',
    'tokens',
    'views',
    'content',
    'session',
    'working',
    'patterns',
    'tools',
    'inspector',
  ],
  inspector: ['core', 'messages', 'store', 'memory', 'content', 'longterm', 'views', 'tokens'],
  'ai-sdk': ['core', 'messages', 'memory', 'views', 'tokens', 'content', 'longterm', 'tools', 'working'],
  'openai-agents': ['core', 'messages', 'memory', 'store', 'tokens'],
  langgraph: ['core', 'messages', 'store', 'tokens', 'longterm', 'working'],
};

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

const area = (file: string) => relative(src, file).split('/')[0]!;
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    resolve(dirname(file), m[1]!),
  );

describe('architecture', () => {
  const files = sourceFiles(src).filter((f) => !f.endsWith('.test.ts'));

  it('each area imports only the areas below it', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = area(file);
      const rule = allowed[from];
      if (rule === undefined) continue; // entry points (src/*.ts) and testing/
      for (const target of importsOf(file)) {
        const to = area(target);
        if (to !== from && !rule.includes(to))
          violations.push(`${relative(src, file)} → ${relative(src, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('only engram/testing and tests reach into testing/', () => {
    const offenders = files
      .filter((f) => area(f) !== 'testing' && relative(src, f) !== 'testing.ts')
      .filter((f) => importsOf(f).some((t) => area(t) === 'testing'))
      .map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });

  it('only engram/langgraph (and test support) imports LangChain, an optional peer the core never loads', () => {
    const langchain = /(?:from|import\()\s*'@langchain\//;
    const offenders = files
      .filter((f) => !['langgraph', 'testing'].includes(area(f)) && relative(src, f) !== 'langgraph.ts')
      .filter((f) => langchain.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });

  it('the shared SQL layer has no dialect branch', () => {
    // Dialect differences are hooks on the dialect (src/drivers/sql/sql-dialect.ts), implemented beside each
    // dialect; shared code never asks which database it runs on.
    const sniffing = /dialect\.name|\bd\.name\b|[=!]==?\s*'(?:sqlite|postgres)'/;
    const offenders = files
      .filter((f) => relative(src, f).startsWith('drivers/sql/'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            sniffing.test(line) ? [`${relative(src, f)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });

  it('every barrel names its exports (no export *)', () => {
    const barrels = files.filter((f) => f.endsWith('/index.ts') || dirname(f) === src);
    const star = barrels.filter((f) => /export\s+\*\s+from/.test(readFileSync(f, 'utf8')));
    expect(star.map((f) => relative(src, f))).toEqual([]);
  });
});
