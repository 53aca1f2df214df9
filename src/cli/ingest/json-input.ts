import type { z } from 'zod';
import { zodIssues } from '../../messages/validate.ts';
import { BadInputError } from '../bad-input-error.ts';

/** A value of an input file and where it stands: a JSON path (`messages[3]`, `[3]`) or a JSONL line. */
export interface Located {
  /** The value. */
  value: unknown;
  /** Its JSON path from the file's root (`''` for the root or a JSONL line). */
  path: string;
  /** Its 1-based line, for a JSONL file. */
  line?: number;
}

/** Joins a path and a sub-path: `messages[3]` + `tool_calls[0]` → `messages[3].tool_calls[0]`. */
export function joinPath(path: string, sub: string): string {
  if (!path) return sub;
  if (!sub) return path;
  return sub.startsWith('[') ? `${path}${sub}` : `${path}.${sub}`;
}

/** Where `sub` (a path inside the item) is, for an error message: `messages[3].role`, `line 4: role`. */
export function where(item: Pick<Located, 'path' | 'line'>, sub = ''): string {
  if (item.line !== undefined)
    return sub ? `line ${item.line}: ${joinPath(item.path, sub)}` : `line ${item.line}`;
  return joinPath(item.path, sub) || '(root)';
}

/** A bad-input error (exit code 3) naming the place: `messages[3].role: unknown role "robot"`. */
export function badAt(item: Pick<Located, 'path' | 'line'>, sub: string, problem: string): BadInputError {
  return new BadInputError(`${where(item, sub)}: ${problem}`);
}

/** The file as one JSON value, or a bad-input error with the parser's position. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadInputError(`not valid JSON (${(error as Error).message})`);
  }
}

/** Whether a value is a plain JSON object. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The messages of a file: a JSON array, an object with a `messages` array (also returned as `root`), or, with
 * `jsonl`, one JSON message per line (blank lines skipped). Each message is located for error messages.
 */
export function readMessageList(
  text: string,
  options: { jsonl?: boolean } = {},
): { root: Record<string, unknown> | undefined; items: Located[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (options.jsonl && looksLikeJsonLines(text)) return { root: undefined, items: readJsonLines(text) };
    throw new BadInputError(`not valid JSON (${(error as Error).message})`);
  }
  if (Array.isArray(value))
    return { root: undefined, items: value.map((v, i) => ({ value: v, path: `[${i}]` })) };
  if (isObject(value) && Array.isArray(value.messages))
    return { root: value, items: value.messages.map((v, i) => ({ value: v, path: `messages[${i}]` })) };
  if (options.jsonl && isObject(value)) return { root: undefined, items: [{ value, path: '', line: 1 }] };
  throw new BadInputError(
    `expected an array of messages or an object with a "messages" array${options.jsonl ? ' (or one message per line)' : ''}`,
  );
}

/** Whether a text that is not one JSON value is JSON lines: several lines, the first of them a JSON object. */
function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  try {
    return isObject(JSON.parse(lines[0]!));
  } catch {
    return false;
  }
}

/** One JSON value per non-blank line, each located by its line number. */
function readJsonLines(text: string): Located[] {
  const items: Located[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      items.push({ value: JSON.parse(line), path: '', line: i + 1 });
    } catch (error) {
      throw new BadInputError(`line ${i + 1}: not JSON (${(error as Error).message})`);
    }
  });
  return items;
}

/** The item's value checked against a schema, or a bad-input error naming each problem's path. */
export function checkWith<T>(schema: z.ZodType<T>, item: Located, sub = ''): T {
  const result = schema.safeParse(item.value);
  if (result.success) return result.data;
  const issues = zodIssues(result.error.issues).slice(0, 3);
  const problem = (p: string) =>
    p.replace(/^Invalid discriminator value\. Expected /, 'unknown value, expected ');
  throw new BadInputError(
    issues.map((i) => `${where(item, joinPath(sub, i.path))}: ${problem(i.problem)}`).join('; ') ||
      `${where(item, sub)}: invalid`,
  );
}

/** Throws a bad-input error unless the item is an object whose `role` is one of `roles`. */
export function checkRole(item: Located, roles: readonly string[]): void {
  if (!isObject(item.value)) throw badAt(item, '', 'expected a message object');
  const role = item.value.role;
  if (typeof role !== 'string' || !roles.includes(role))
    throw badAt(item, 'role', `unknown role ${JSON.stringify(role)} (expected one of: ${roles.join(', ')})`);
}
