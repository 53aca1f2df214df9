import ts from 'typescript';
import { entriesProgram, entryExports, isOptionsParameter } from './option-taking-exports.ts';

/**
 * The name a method is walked under: the interface, class or type alias that declares it, after its package and a
 * colon when a dependency declares it (`ai:Agent`, an AI SDK contract engram implements).
 */
function declarerName(declaration: ts.Declaration, fallback: string): string {
  const { parent } = declaration;
  const named =
    (ts.isInterfaceDeclaration(parent) || ts.isClassDeclaration(parent)) && parent.name
      ? parent.name.text
      : ts.isTypeLiteralNode(parent) && ts.isTypeAliasDeclaration(parent.parent)
        ? parent.parent.name.text
        : fallback;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(
    declaration.getSourceFile().fileName,
  );
  return dependency ? `${dependency[1]}:${named}` : named;
}

/** The keys an options type lists: every property of each object type of the union. */
function optionNames(checker: ts.TypeChecker, type: ts.Type): string[] {
  const names = new Set<string>();
  for (const part of type.isUnion() ? type.types : [type])
    if (part.flags & ts.TypeFlags.Object || part.isIntersection())
      for (const property of checker.getPropertiesOfType(part)) names.add(property.getName());
  return [...names].sort();
}

/** Whether `type` is an object (an interface, a class, an intersection), not a primitive or a union of literals. */
const isObjectType = (type: ts.Type) => !!(type.flags & ts.TypeFlags.Object) || type.isIntersection();

/**
 * The object types the package entries hand out: every exported interface, class and type alias, and what each
 * exported function returns (awaited), so an instance whose type is not exported by name is walked too.
 */
function publicObjectTypes(checker: ts.TypeChecker, program: ts.Program): [string, ts.Type][] {
  const types: [string, ts.Type][] = [];
  for (const { symbol, target } of entryExports(program, checker)) {
    if (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias))
      types.push([symbol.getName(), checker.getDeclaredTypeOfSymbol(target)]);
    if (target.flags & ts.SymbolFlags.Function && target.valueDeclaration)
      for (const signature of checker
        .getTypeOfSymbolAtLocation(target, target.valueDeclaration)
        .getCallSignatures()) {
        const returned = signature.getReturnType();
        types.push([symbol.getName(), checker.getAwaitedType(returned) ?? returned]);
      }
  }
  return types.filter(([, type]) => isObjectType(type));
}

/**
 * Every public method that takes an options object (a parameter named `options`/`config` or typed
 * `…Options`/`…Config`, as for the factories), keyed `Declarer.method` by the interface, class or type alias
 * that declares it (`LongTermMemory.search`; a store's `append` is `MemoryStoreV1.append` whichever driver
 * implements it), with the keys its options type lists (of its last options parameter): read from the declarations with the compiler, so a new
 * method is found by its signature.
 */
export function optionTakingMethods(): Map<string, string[]> {
  const { program, checker } = entriesProgram();
  const found = new Map<string, string[]>();
  for (const [name, type] of publicObjectTypes(checker, program))
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      // The language's own types (an array's `toLocaleString`, a stream's `pipeTo`) are not engram's to walk.
      if (!declaration || program.isSourceFileDefaultLibrary(declaration.getSourceFile())) continue;
      const propertyType = checker.getNonNullableType(
        checker.getTypeOfSymbolAtLocation(property, declaration),
      );
      for (const signature of propertyType.getCallSignatures()) {
        // The last options parameter is the method's options (`list(config, options)`: `options`).
        const parameter = signature
          .getParameters()
          .findLast((p) => isOptionsParameter(checker, p) && p.valueDeclaration);
        if (!parameter?.valueDeclaration) continue;
        const key = `${declarerName(declaration, name)}.${property.getName()}`;
        const options = checker.getNonNullableType(
          checker.getTypeOfSymbolAtLocation(parameter, parameter.valueDeclaration),
        );
        found.set(key, [...new Set([...(found.get(key) ?? []), ...optionNames(checker, options)])].sort());
      }
    }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}
