import { join } from 'node:path';
import ts from 'typescript';
import { packageEntries, root } from '../../scripts/package/entries.ts';

/** A parameter that is an options object by the conventions of DESIGN.md §5: named `options`/`config`, or typed `…Options`/`…Config`. */
function isOptionsParameter(checker: ts.TypeChecker, parameter: ts.Symbol): boolean {
  if (/^(options|config)$/.test(parameter.getName())) return true;
  const declaration = parameter.valueDeclaration;
  if (!declaration) return false;
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(parameter, declaration));
  return (type.isUnion() ? type.types : [type]).some((part) =>
    /(Options|Config)$/.test((part.aliasSymbol ?? part.getSymbol())?.getName() ?? ''),
  );
}

/**
 * The exported functions, classes and function-valued constants of each package entry that take an options object, by entry specifier
 * (`engram/sqlite`): read from the declarations with the compiler, so a new factory is found by its signature,
 * whatever its name.
 */
export function optionTakingExports(): Map<string, string[]> {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const entries = packageEntries();
  const program = ts.createProgram(
    entries.map((entry) => entry.source),
    options,
  );
  const checker = program.getTypeChecker();
  const found = new Map<string, string[]>();
  for (const entry of entries) {
    const source = program.getSourceFile(entry.source);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry.source} is not a module of the program`);
    const names: string[] = [];
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.valueDeclaration;
      if (
        !declaration ||
        !(target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable))
      )
        continue;
      const type = checker.getTypeOfSymbolAtLocation(target, declaration);
      const signatures = [...type.getCallSignatures(), ...type.getConstructSignatures()];
      if (signatures.some((s) => s.getParameters().some((p) => isOptionsParameter(checker, p))))
        names.push(symbol.getName());
    }
    found.set(entry.specifier, names.sort());
  }
  return found;
}
