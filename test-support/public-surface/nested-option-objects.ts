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

/** The walk's compiler and what it has found (`path`s), with the leaf fields of each path it found. */
interface Walk {
  checker: ts.TypeChecker;
  found: Set<string>;
  fields: Map<string, Map<string, Set<ValueKind>>>;
}

/**
 * What a declared type takes, by kind: `'literal:…'` one string or number literal (a choice), `template` the strings
 * of a template literal type (`before-last-${number}-messages`), `component` an object
 * with required methods (see {@link isComponent}), `object` any other object, `anything` `unknown` / `any` (or a
 * type parameter): a field of that kind takes any value.
 */
export type ValueKind =
  | 'string'
  | 'template'
  | 'number'
  | 'boolean'
  | 'bigint'
  | 'symbol'
  | 'null'
  | 'function'
  | 'array'
  | 'object'
  | 'component'
  | 'anything'
  | `literal:${string}`;

/** The kind of one union member (see {@link ValueKind}). */
function kindOf(checker: ts.TypeChecker, type: ts.Type): ValueKind {
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) return 'anything';
  if (type.isStringLiteral() || type.isNumberLiteral()) return `literal:${type.value}`;
  if (f & ts.TypeFlags.String) return 'string';
  if (f & ts.TypeFlags.TemplateLiteral) return 'template';
  // `string & {}` (a string that keeps its literals' completions) takes any string.
  if (type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String)) return 'string';
  if (f & ts.TypeFlags.Number) return 'number';
  if (f & ts.TypeFlags.BooleanLike) return 'boolean';
  if (f & ts.TypeFlags.BigIntLike) return 'bigint';
  if (f & ts.TypeFlags.ESSymbolLike) return 'symbol';
  if (f & ts.TypeFlags.Null) return 'null';
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return 'function';
  if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
  if (f & ts.TypeFlags.NonPrimitive) return 'object';
  if (f & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))
    return isComponent(checker, type) ? 'component' : 'object';
  return 'anything';
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
  for (const property of w.checker.getPropertiesOfType(type)) {
    const parts = propertyTypes(w.checker, property);
    if (path) {
      const fields = w.fields.get(path) ?? new Map<string, Set<ValueKind>>();
      w.fields.set(path, fields);
      const kinds = fields.get(property.getName()) ?? new Set<ValueKind>();
      fields.set(property.getName(), kinds);
      for (const part of parts) kinds.add(kindOf(w.checker, part));
    }
    for (const part of parts)
      visit(w, part, `${path}${path ? '.' : ''}${property.getName()}`, [...seen, type]);
  }
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
  return new Set(nestedOptionFields().keys());
}

/**
 * {@link nestedOptionObjects} with the fields of each nested options object, each with the kinds of value its
 * declared type takes (`keepOut.toolDerived`: `boolean`, `literal:recall`): what the nested option-values walk
 * gives each field that its type does not take. A map's or a dependency's object has no fields here (its keys are
 * the user's, or the dependency's).
 */
export function nestedOptionFields(): Map<string, Map<string, Set<ValueKind>>> {
  const { checker, parameters } = optionParameters();
  const found = new Map<string, Map<string, Set<ValueKind>>>();
  for (const { specifier, name, type } of parameters) {
    const w: Walk = { checker, found: new Set(), fields: new Map() };
    for (const member of members(type)) walk(w, member, '', []);
    for (const path of w.found) {
      const key = `${entryKey(specifier)}.${name}:${path}`;
      const fields = found.get(key) ?? new Map<string, Set<ValueKind>>();
      found.set(key, fields);
      for (const [field, kinds] of w.fields.get(path) ?? [])
        fields.set(field, new Set([...(fields.get(field) ?? []), ...kinds]));
    }
  }
  return found;
}
