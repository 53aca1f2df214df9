import { join } from 'node:path';
import ts from 'typescript';
import { root } from '../../scripts/package/entries.ts';
import { entryKey } from './entry-modules.ts';
import { optionParameters } from './option-taking-exports.ts';

const sources = join(root, 'src');

/** Whether engram declares `type` (one of its properties is declared under `src/`), not a dependency. */
function isEngramType(checker: ts.TypeChecker, type: ts.Type): boolean {
  return checker
    .getPropertiesOfType(type)
    .some((p) => p.declarations?.some((d) => d.getSourceFile().fileName.startsWith(sources)));
}

/** The type of `property`, without `undefined`, split into its union's members. */
function propertyTypes(checker: ts.TypeChecker, property: ts.Symbol): ts.Type[] {
  const declaration = property.valueDeclaration ?? property.declarations?.[0];
  if (!declaration) return [];
  return members(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration)));
}

/**
 * A component passed in options (a store, a model, a counter, a view, a zod schema): an object declaring a required
 * method (`read(): …`, not a callback option `onError?: (…) => …`). Its other members are its own (a class
 * instance's fields), checked by `checkMethods`, not by key.
 */
function isComponent(checker: ts.TypeChecker, type: ts.Type): boolean {
  return checker
    .getPropertiesOfType(type)
    .some(
      (p) =>
        !(p.flags & ts.SymbolFlags.Optional) &&
        p.declarations?.some((d) => ts.isMethodSignature(d) || ts.isMethodDeclaration(d)) === true,
    );
}

/** The walk's compiler and what it has found (`path`s). */
interface Walk {
  checker: ts.TypeChecker;
  found: Set<string>;
}

/** A type's union members (itself when it is no union). */
const members = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]);

/**
 * Records every object-typed option under `type` at `path`: a plain object (not a function, not a component) is
 * recorded as `path.key`; an array's element as `path.key[]`, a map's (`Record<string, …>`) value as `path.key.*`.
 * Walks on into the objects engram declares, not into a dependency's (the AI SDK's `ToolSet`, a `JSONValue`).
 */
function walk(w: Walk, type: ts.Type, path: string, seen: ts.Type[]): void {
  if (seen.includes(type)) return;
  for (const property of w.checker.getPropertiesOfType(type))
    for (const part of propertyTypes(w.checker, property))
      visit(w, part, `${path}${path ? '.' : ''}${property.getName()}`, [...seen, type]);
}

/** Records `type` at `path` when it is a nested options object (see {@link walk}), and walks into it. */
function visit(w: Walk, type: ts.Type, path: string, seen: ts.Type[]): void {
  const { checker } = w;
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return;
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const element of checker.getTypeArguments(type as ts.TypeReference))
      for (const part of members(element)) visit(w, part, `${path}[]`, seen);
    return;
  }
  if (isComponent(checker, type)) return;
  w.found.add(path);
  const map = checker.getIndexInfosOfType(type)[0];
  if (map) {
    for (const part of members(map.type)) if (isEngramType(checker, part)) visit(w, part, `${path}.*`, seen);
    return;
  }
  if (isEngramType(checker, type)) walk(w, type, path, seen);
}

/**
 * Every object-typed option nested in the options of a package entry's export, as `entry.name:path`
 * (`ai-sdk.agent:longTermMemory`, `root.createCitationMemory:policy.tools.*`, `root.createCoreMemory:blocks[]`):
 * read from the declared types with the compiler, so a new nested options object is found by its type. Components
 * (an object with a required method: a store, a model, a counter) are left out; see {@link isComponent}.
 */
export function nestedOptionObjects(): Set<string> {
  const { checker, parameters } = optionParameters();
  const found = new Set<string>();
  for (const { specifier, name, type } of parameters) {
    const w: Walk = { checker, found: new Set() };
    for (const member of members(type)) walk(w, member, '', []);
    for (const path of w.found) found.add(`${entryKey(specifier)}.${name}:${path}`);
  }
  return found;
}
