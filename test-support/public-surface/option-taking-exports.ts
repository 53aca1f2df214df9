import { join } from 'node:path';
import ts from 'typescript';
import { packageEntries, root } from '../../scripts/package/entries.ts';

/** A parameter that is an options object by the conventions of DESIGN.md §5: named `options`/`config`, or typed `…Options`/`…Config`. */
export function isOptionsParameter(checker: ts.TypeChecker, parameter: ts.Symbol): boolean {
  if (/^(options|config)$/.test(parameter.getName())) return true;
  const declaration = parameter.valueDeclaration;
  if (!declaration) return false;
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, declaration));
  return (type.isUnion() ? type.types : [type]).some((part) =>
    /(Options|Config)$/.test((part.aliasSymbol ?? part.getSymbol())?.getName() ?? ''),
  );
}

/** One export's options parameter, as the compiler types it. */
export interface OptionParameter {
  /** The entry's specifier (`engram/sqlite`). */
  specifier: string;
  /** The export's name. */
  name: string;
  /** Its options type (without `undefined`), of one of its signatures. */
  type: ts.Type;
}

/** The program of the package entries, read with the repository's `tsconfig.json`. */
export function entriesProgram(): { program: ts.Program; checker: ts.TypeChecker } {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const program = ts.createProgram(
    packageEntries().map((entry) => entry.source),
    options,
  );
  return { program, checker: program.getTypeChecker() };
}

/** One export of a package entry: its entry's specifier, its symbol and what that symbol is an alias of (or itself). */
export interface EntryExport {
  specifier: string;
  symbol: ts.Symbol;
  target: ts.Symbol;
}

/** Every export of every package entry, read from `program`. */
export function entryExports(program: ts.Program, checker: ts.TypeChecker): EntryExport[] {
  return packageEntries().flatMap((entry) => {
    const source = program.getSourceFile(entry.source);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry.source} is not a module of the program`);
    return checker.getExportsOfModule(module).map((symbol) => ({
      specifier: entry.specifier,
      symbol,
      target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
    }));
  });
}

/**
 * Every options parameter of the exported functions, classes and function-valued constants of each package entry,
 * read from the declarations with the compiler (one row per signature that has one), with the checker that typed it.
 */
export function optionParameters(): { checker: ts.TypeChecker; parameters: OptionParameter[] } {
  const { program, checker } = entriesProgram();
  const parameters: OptionParameter[] = [];
  for (const { specifier, symbol, target } of entryExports(program, checker)) {
    const declaration = target.valueDeclaration;
    if (
      !declaration ||
      !(target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable))
    )
      continue;
    const type = checker.getTypeOfSymbolAtLocation(target, declaration);
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()])
      for (const parameter of signature.getParameters())
        if (isOptionsParameter(checker, parameter) && parameter.valueDeclaration)
          parameters.push({
            specifier,
            name: symbol.getName(),
            type: checker.getNonNullableType(
              checker.getTypeOfSymbolAtLocation(parameter, parameter.valueDeclaration),
            ),
          });
  }
  return { checker, parameters };
}

/**
 * The exported functions, classes and function-valued constants of each package entry that take an options object, by entry specifier
 * (`engram/sqlite`): read from the declarations with the compiler, so a new factory is found by its signature,
 * whatever its name.
 */
export function optionTakingExports(): Map<string, string[]> {
  const found = new Map<string, string[]>(packageEntries().map((entry) => [entry.specifier, []]));
  for (const { specifier, name } of optionParameters().parameters) {
    const names = found.get(specifier)!;
    if (!names.includes(name)) names.push(name);
  }
  for (const names of found.values()) names.sort();
  return found;
}
