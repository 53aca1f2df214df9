import { join, relative } from 'node:path';
import ts from 'typescript';
import { type PackageEntry, packageEntries, root } from '../package/entries.ts';

/** Where the checked-in reports live. */
export const reportDir = join(root, 'api');

/** The report file of an entry point: `engram` → `api/engram.api.md`, `engram/sqlite` → `api/engram-sqlite.api.md`. */
export function reportPath(entry: PackageEntry): string {
  return join(reportDir, `${entry.specifier.replaceAll('/', '-')}.api.md`);
}

const KINDS: [ts.SymbolFlags, string][] = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
  [ts.SymbolFlags.Module, 'namespace'],
];

/** Whether an export reaches its declaration through an `export type` / `import type` somewhere on the way. */
function isTypeOnly(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  let current: ts.Symbol | undefined = symbol;
  while (current && current.flags & ts.SymbolFlags.Alias) {
    if (current.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)))
      return true;
    current = checker.getImmediateAliasedSymbol(current);
  }
  return false;
}

/**
 * The kind of an export: `class`, `function`, `const`, `interface`, `type`, …, joined with `+` for merged
 * declarations (a zod schema and its type of the same name: `const + type`); prefixed `type-only` when a value
 * (a class, say) is exported with `export type`, so only its type reaches users.
 */
function exportKind(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  let kinds = KINDS.filter(([flag]) => target.flags & flag).map(([, kind]) => kind);
  if (target.flags & ts.SymbolFlags.Variable) {
    const declaration = target.valueDeclaration;
    const isConst = declaration && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const;
    if (!isConst) kinds = kinds.map((kind) => (kind === 'const' ? 'let' : kind));
  }
  const kind = kinds.join(' + ') || 'unknown';
  const hidesValue = target.flags & ts.SymbolFlags.Value && isTypeOnly(checker, symbol);
  return hidesValue ? `type-only ${kind}` : kind;
}

function render(entry: PackageEntry, checker: ts.TypeChecker, program: ts.Program): string {
  const source = program.getSourceFile(entry.source);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`[api-report] ${entry.source} is not a module of the program`);
  const rows = checker
    .getExportsOfModule(module)
    .map((symbol) => ({ name: symbol.getName(), kind: exportKind(checker, symbol) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [
    `# \`${entry.specifier}\`: public API`,
    '',
    `Generated from \`${relative(root, entry.source)}\` by \`npm run api:update\`; a test fails when the exports`,
    'differ from this file. Every change here is a change to the public surface: make it on purpose.',
    '',
    `${rows.length} exports.`,
    '',
    '| export | kind |',
    '| --- | --- |',
    ...rows.map((row) => `| \`${row.name}\` | ${row.kind} |`),
    '',
  ].join('\n');
}

/** The report of each entry, by report path: each export's name and kind, sorted by name. */
export function renderReports(entries: PackageEntry[], options: ts.CompilerOptions): Map<string, string> {
  const program = ts.createProgram(
    entries.map((entry) => entry.source),
    options,
  );
  const checker = program.getTypeChecker();
  return new Map(entries.map((entry) => [reportPath(entry), render(entry, checker, program)]));
}

/** The report of every entry point of the package, compiled with the options of `tsconfig.json`. */
export function renderApiReports(): Map<string, string> {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  return renderReports(packageEntries(), options);
}
