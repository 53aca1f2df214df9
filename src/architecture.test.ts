import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
  // session: a chat store's fork is a session fork at the chat message's last entry.
  'ai-sdk': [
    'core',
    'messages',
    'memory',
    'views',
    'tokens',
    'content',
    'longterm',
    'tools',
    'working',
    'session',
  ],
  'openai-agents': ['core', 'messages', 'memory', 'store', 'tokens'],
  langgraph: ['core', 'messages', 'store', 'tokens', 'longterm', 'working'],
};

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/**
 * Known offenders of the size, cycle and queue rules below, each with its note: empty since issue 22 split the last
 * ones. A rule fails on any offender not listed AND on any listed one that no longer offends, so an entry added
 * here (with its reason, in the commit that adds it) cannot outlive its fix.
 */
const oversizedFiles: Record<string, string> = {};
const longFunctions: Record<string, string> = {};
const importCycles: Record<string, string> = {};
const handWrittenQueues: Record<string, string> = {};

/** Expects exactly the listed offenders: a new one fails, and so does a listed one that was fixed. */
function expectExactly(found: readonly string[], known: Record<string, string>, rule: string): void {
  const listed = Object.keys(known).sort();
  const actual = [...new Set(found)].sort();
  expect(
    { new: actual.filter((f) => !listed.includes(f)), fixed: listed.filter((f) => !actual.includes(f)) },
    `${rule}: new offenders must be fixed; fixed ones must leave the allow-list`,
  ).toEqual({ new: [], fixed: [] });
}

const area = (file: string) => relative(src, file).split('/')[0]!;
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    resolve(dirname(file), m[1]!),
  );

/** The drivers written as a third party would write them: against the `engram/driver` entry only. */
const thirdPartyDrivers = ['drivers/libsql'];
const isThirdPartyDriver = (file: string) =>
  thirdPartyDrivers.some((dir) => relative(src, file).startsWith(`${dir}/`));
/** The module names a file imports (static, dynamic and type imports; comments and strings are not imports). */
const moduleNames = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

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
        if (isThirdPartyDriver(file) && relative(src, target) === 'driver.ts') continue; // checked below
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

  it('engram/libsql is written as a third party would: its files import engram only through engram/driver (its tests also through engram/testing and engram/libsql), other packages never statically', () => {
    const driverFiles = sourceFiles(src).filter(isThirdPartyDriver);
    expect(driverFiles.length).toBeGreaterThan(5);
    const offenders: string[] = [];
    for (const file of driverFiles) {
      const test = file.endsWith('.test.ts');
      const entries = test ? ['driver.ts', 'testing.ts', 'libsql.ts'] : ['driver.ts'];
      const text = readFileSync(file, 'utf8');
      for (const name of moduleNames(file)) {
        if (name.startsWith('.')) {
          const to = relative(src, resolve(dirname(file), name));
          const rig = test && to.startsWith('../test-support/');
          if (dirname(resolve(dirname(file), name)) !== dirname(file) && !entries.includes(to) && !rig)
            offenders.push(`${relative(src, file)} → ${to}`);
          continue;
        }
        const typeOnly = new RegExp(`import type [^;]*'${name}'`).test(text);
        const allowed =
          name.startsWith('node:') ||
          (name === '@libsql/client' && (typeOnly || test)) ||
          (test && ['vitest', 'fast-check'].includes(name));
        if (!allowed) offenders.push(`${relative(src, file)} → ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('only engram/libsql (and tests) names @libsql/client, an optional peer loaded lazily', () => {
    const offenders = files
      .filter((f) => !isThirdPartyDriver(f))
      .filter((f) => /(?:from|import\()\s*'@libsql\/client'/.test(readFileSync(f, 'utf8')))
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

  it('no import cycle between files (type imports included)', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t !== f && files.includes(t))]));
    const cycles = stronglyConnected(graph).map((c) =>
      c
        .map((f) => relative(src, f))
        .sort()
        .join(' ↔ '),
    );
    expectExactly(cycles, importCycles, 'import cycles');
  });

  it('no library file over 400 lines', () => {
    const long = files.filter((f) => lineCount(readFileSync(f, 'utf8')) > 400).map((f) => relative(src, f));
    expectExactly(long, oversizedFiles, 'files over 400 lines');
  });

  it('no function over 200 lines', () => {
    expectExactly(files.flatMap(longFunctionsOf), longFunctions, 'functions over 200 lines');
  });

  it('contract folders hold no driver: store, longterm and content import no database or file system', () => {
    const storage = /(?:from|import\()\s*'(?:node:sqlite|pg|@libsql\/client|node:fs|node:fs\/promises)'/;
    const offenders = files
      .filter((f) => ['store', 'longterm', 'content'].includes(area(f)))
      .filter((f) => storage.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });

  it('promise chains that serialize work use createSerialQueue (core/serial-queue.ts), not a hand-written tail', () => {
    const tail = /let \w+: Promise<(?:unknown|void)> = Promise\.resolve\(\);/;
    const offenders = files
      .filter((f) => relative(src, f) !== 'core/serial-queue.ts' && tail.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expectExactly(offenders, handWrittenQueues, 'hand-written serial queues');
  });
});

/** Lines of a text, as `wc -l` counts them. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The functions of a file over 200 lines, each as `file: outer › inner` (an unnamed one is `(anonymous)`). */
function longFunctionsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const out: string[] = [];
  const visit = (node: ts.Node, names: readonly string[]): void => {
    let inner = names;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      inner = [...names, functionName(node)];
      if (line(node.end) - line(node.getStart(source)) + 1 > 200)
        out.push(`${relative(src, file)}: ${inner.join(' › ')}`);
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return out;
}

/** A function's name: its own, or that of the variable or property it is assigned to. */
function functionName(node: ts.SignatureDeclaration): string {
  const named =
    node.name ??
    (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)
      ? node.parent.name
      : undefined);
  return named && ts.isIdentifier(named) ? named.text : '(anonymous)';
}

/** The strongly connected components of more than one file (Tarjan's algorithm): every import cycle. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) out.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}
