import { describeValue } from '../../core/errors/describe-value.ts';
import { disjointOccurrencesOf } from '../../core/text-occurrences.ts';
import { isStorableText } from '../../longterm/check-record.ts';
import { type MemoryFileEntry, MemoryFileRefusal, type MemoryFiles } from './memory-files.ts';
import { type MemoryPath, memoryRoot, parseMemoryPath, showPath } from './memory-path.ts';
import { describeList, formatListing, numberLines, quoteSent, snippet } from './memory-tool-format.ts';
import { linesOf } from './occurrence-lines.ts';

/** What the commands work on: the scope's files and the handler's limits. */
export interface CommandContext {
  files: MemoryFiles;
  maxFileBytes: number;
  maxFiles: number;
  maxPathLength: number;
}

/** Stops a command with a message for the model; nothing was written. */
export function refuse(message: string): never {
  throw new MemoryFileRefusal(`Error: ${message}`);
}

/**
 * Refuses a path written as a directory (a trailing `/`) where it names a file, as a file system answers
 * `cat notes.md/` ("Not a directory"): `what` says what the command needs.
 */
function refuseFileAsDirectory(p: MemoryPath, what = 'a file path'): never {
  return refuse(
    `${p.path}/ names a directory, but ${p.path} is a file; give ${what} without the trailing /.`,
  );
}

/** The accepted path of a command field, or a refusal that says why and what is allowed. */
export function pathOf(ctx: CommandContext, value: unknown): MemoryPath {
  const parsed = parseMemoryPath(value, ctx.maxPathLength);
  if (parsed.ok) return parsed;
  return refuse(
    `The path ${showPath(value)} is not allowed: ${parsed.reason}. Use paths under ${memoryRoot}, such as ${memoryRoot}/notes.md.`,
  );
}

/**
 * The text of a command field, or a refusal naming the field: a string a file can hold. A NUL or a lone surrogate
 * was refused by the store as `record.text`, a field the model never sent.
 */
function textOf(value: unknown, field: string): string {
  if (typeof value !== 'string') refuse(`\`${field}\` must be a string.`);
  if (!isStorableText(value))
    refuse(
      `\`${field}\` must be text without NUL characters or lone surrogates (half of a surrogate pair). Nothing was changed.`,
    );
  return value;
}

const isUnder = (file: MemoryFileEntry, dir: string) => file.path.startsWith(`${dir}/`);
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

function checkSize(ctx: CommandContext, path: string, content: string): void {
  const bytes = bytesOf(content);
  if (bytes > ctx.maxFileBytes)
    refuse(
      `${path} would be ${bytes} bytes; a memory file may have at most ${ctx.maxFileBytes} bytes. Nothing was changed.`,
    );
}

/** `view`: a directory listing, or a file with line numbers (`view_range`: `[first, last]`, `last` -1 for the end). */
export async function view(ctx: CommandContext, path: unknown, range: unknown): Promise<string> {
  const p = pathOf(ctx, path);
  let content = p.segments.length > 0 ? await ctx.files.read(p.path) : undefined;
  if (content === undefined) {
    const listed = await ctx.files.list();
    if (await finishMoveTo(ctx, p.path, listed)) content = await ctx.files.read(p.path);
    if (content === undefined) {
      const files = visible(listed);
      if (p.path !== memoryRoot && !files.some((f) => isUnder(f, p.path)))
        refuse(`The path ${p.path} does not exist. Please provide a valid path.`);
      return formatListing(p.path, files);
    }
  }
  if (p.directory) refuseFileAsDirectory(p);
  const lines = content.split('\n');
  let [first, last] = [1, lines.length];
  if (range !== undefined) {
    const ok = Array.isArray(range) && range.length === 2 && range.every((n) => Number.isSafeInteger(n));
    const [a, b] = ok ? (range as [number, number]) : [0, 0];
    if (!ok || a < 1 || a > lines.length || (b !== -1 && (b < a || b > lines.length)))
      refuse(
        `Invalid \`view_range\` parameter: ${describeList(range)}. It should be [first, last] with 1 <= first <= last <= ${lines.length} (last may be -1 for the end of the file).`,
      );
    [first, last] = [a, b === -1 ? lines.length : b];
  }
  return `Here's the content of ${p.path} with line numbers:\n${numberLines(lines.slice(first - 1, last), first)}`;
}

/** `create`: a new file; refused when it exists, is a directory (or is written as one), sits inside a file, or breaks a cap. */
export async function create(ctx: CommandContext, path: unknown, given: unknown): Promise<string> {
  const p = pathOf(ctx, path);
  const text = textOf(given, 'file_text');
  if (p.segments.length === 0)
    refuse(`${memoryRoot} is a directory; give a file path such as ${memoryRoot}/notes.md.`);
  if (p.directory) refuse(`${p.path}/ names a directory; give a file path such as ${p.path}/notes.md.`);
  checkSize(ctx, p.path, text);
  return exclusive(ctx, async (files) => {
    if (files.some((f) => f.path === p.path)) refuse(`File ${p.path} already exists`);
    if (files.some((f) => isUnder(f, p.path))) refuse(`The path ${p.path} is a directory`);
    const parent = files.find((f) => p.path.startsWith(`${f.path}/`));
    if (parent) refuse(`${parent.path} is a file, so ${p.path} cannot be created inside it`);
    if (files.length >= ctx.maxFiles)
      refuse(
        `The memory directory already holds ${files.length} files, the most it may hold. Delete or merge files first.`,
      );
    await ctx.files.write(p.path, (current) =>
      current === undefined ? text : refuse(`File ${p.path} already exists`),
    );
    return `File created successfully at: ${p.path}`;
  });
}

/**
 * `str_replace`: replaces the one occurrence of `old_str`; zero or several occurrences are refused. Occurrences are
 * counted as Anthropic's reference implementation counts them (Python's `str.count`) and as `split` does: without
 * overlap, each search going on after the last occurrence found, so `aa` occurs once in `aaa` (and is replaced) and
 * twice in `aaaa`.
 */
export async function strReplace(ctx: CommandContext, path: unknown, oldGiven: unknown, newGiven: unknown) {
  const p = pathOf(ctx, path);
  if (typeof oldGiven !== 'string' || oldGiven === '') refuse('`old_str` must be a non-empty string.');
  // Well-formed, so neither can match or leave half of a surrogate pair: the result is well-formed too.
  const oldStr = textOf(oldGiven, 'old_str');
  const newStr = textOf(newGiven, 'new_str');
  let line = 0;
  let result = '';
  await editFile(ctx, p, (current) => {
    const at = disjointOccurrencesOf(current, oldStr);
    if (at.length === 0)
      refuse(
        `No replacement was performed, old_str ${quoteSent(oldStr)} did not appear verbatim in ${p.path}.`,
      );
    const lines = [...new Set(linesOf(current, at))];
    if (at.length > 1)
      refuse(
        `No replacement was performed. Multiple occurrences of old_str ${quoteSent(oldStr)} in lines: ${lines.join(', ')}. Please ensure it is unique`,
      );
    result = current.slice(0, at[0]) + newStr + current.slice(at[0]! + oldStr.length);
    checkSize(ctx, p.path, result);
    line = lines[0]!;
    return result;
  });
  const end = line + newStr.split('\n').length - 1;
  return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet(result, line - 2, end + 2)}`;
}

/** `insert`: inserts text after line `insert_line` (0 inserts at the top). */
export async function insert(ctx: CommandContext, path: unknown, lineNumber: unknown, given: unknown) {
  const p = pathOf(ctx, path);
  const text = textOf(given, 'insert_text');
  await editFile(ctx, p, (current) => {
    const lines = current.split('\n');
    if (
      !Number.isSafeInteger(lineNumber) ||
      (lineNumber as number) < 0 ||
      (lineNumber as number) > lines.length
    )
      refuse(
        `Invalid \`insert_line\` parameter: ${describeValue(lineNumber)}. It should be within the range of lines of the file: [0, ${lines.length}]`,
      );
    lines.splice(lineNumber as number, 0, text.replace(/\n$/, ''));
    const next = lines.join('\n');
    checkSize(ctx, p.path, next);
    return next;
  });
  return `The file ${p.path} has been edited.`;
}

/**
 * Edits an existing file through `edit`; refused when there is none. When a crashed rename left a file sealed for
 * a move to `path` (the listing shows it there), the move is finished first, so the file is edited where it is seen.
 */
async function editFile(
  ctx: CommandContext,
  p: MemoryPath,
  edit: (current: string) => string,
): Promise<void> {
  const { path } = p;
  for (let finished = false; ; finished = true) {
    let missing = false;
    try {
      return await ctx.files.write(path, (current) => {
        if (current !== undefined) return p.directory ? refuseFileAsDirectory(p) : edit(current);
        missing = true;
        return refuse(`The path ${path} does not exist. Please provide a valid path.`);
      });
    } catch (error) {
      if (!missing || finished || !(await finishMoveTo(ctx, path, await ctx.files.list()))) throw error;
    }
  }
}

/**
 * Whether `listed` holds a file a crashed rename sealed for a move to `path`; if so, finishes the stuck moves
 * under the directory lock ({@link exclusive}), after which the file is at `path`.
 */
async function finishMoveTo(ctx: CommandContext, path: string, listed: MemoryFileEntry[]): Promise<boolean> {
  if (!listed.some((f) => f.movedTo === path)) return false;
  await exclusive(ctx, async () => undefined);
  return true;
}

/** `delete`: a file, or a directory with every file in it; never `/memories` itself. */
export async function remove(ctx: CommandContext, path: unknown): Promise<string> {
  const p = pathOf(ctx, path);
  if (p.segments.length === 0) refuse(`Cannot delete the ${memoryRoot} directory itself`);
  return exclusive(ctx, async (files) => {
    const gone = files.filter((f) => f.path === p.path || isUnder(f, p.path));
    if (gone.length === 0) refuse(`The path ${p.path} does not exist`);
    if (p.directory && gone.some((f) => f.path === p.path)) refuseFileAsDirectory(p);
    for (const file of gone) await ctx.files.delete(file.path);
    return `Successfully deleted ${p.path}`;
  });
}

/** `rename`: moves a file or a directory (every file in it); the destination must not exist. */
export async function rename(ctx: CommandContext, oldPath: unknown, newPath: unknown): Promise<string> {
  const from = pathOf(ctx, oldPath);
  const to = pathOf(ctx, newPath);
  if (from.segments.length === 0) refuse(`Cannot rename the ${memoryRoot} directory itself`);
  return exclusive(ctx, (files) => renameLocked(ctx, files, from, to));
}

async function renameLocked(ctx: CommandContext, files: MemoryFileEntry[], from: MemoryPath, to: MemoryPath) {
  const moving = files.filter((f) => f.path === from.path || isUnder(f, from.path));
  if (moving.length === 0) refuse(`The path ${from.path} does not exist`);
  // A file moves under a file path: `mv a.md/ …` and `mv a.md c.md/` are "Not a directory".
  const file = moving.some((f) => f.path === from.path);
  if (file && from.directory) refuseFileAsDirectory(from);
  if (file && to.directory)
    refuse(
      `${to.path}/ names a directory, but ${from.path} is a file; give the new file path without the trailing /.`,
    );
  if (to.segments.length === 0 || files.some((f) => f.path === to.path || isUnder(f, to.path)))
    refuse(`The destination ${to.path} already exists`);
  if (to.path.startsWith(`${from.path}/`)) refuse(`Cannot move ${from.path} into itself`);
  const parent = files.find((f) => to.path.startsWith(`${f.path}/`));
  if (parent) refuse(`${parent.path} is a file, so ${to.path} cannot be created inside it`);
  const moves = moving.map((f) => ({ from: f.path, to: to.path + f.path.slice(from.path.length) }));
  const tooLong = moves.find((m) => m.to.length > ctx.maxPathLength);
  if (tooLong) refuse(`${tooLong.to} would be longer than ${ctx.maxPathLength} characters`);
  for (const move of moves) await moveFile(ctx, move.from, move.to);
  return `Successfully renamed ${from.path} to ${to.path}`;
}

/**
 * Moves one file: seals the source by compare-and-set on its version (an edit racing the move either landed
 * first and is in the sealed content, or finds the file gone and is refused), writes the destination, then
 * deletes the source. A crash after the seal leaves a sealed source that the next command holding the lock
 * finishes moving ({@link exclusive}), as does a `view` or an edit of its destination ({@link finishMoveTo}), so
 * the file is never lost and never in two places for long.
 */
async function moveFile(ctx: CommandContext, from: string, to: string): Promise<void> {
  const content = await ctx.files.seal(from, to);
  if (content === undefined) return; // deleted meanwhile (only a writer that ignores the lock can do that)
  await ctx.files.write(to, (current) => current ?? content);
  await ctx.files.delete(from);
}

/**
 * Runs a command that checks the listing before it writes (create, delete, rename) under the scope's directory
 * lock, so the file cap and the file-or-directory rule hold against every concurrent command; first finishes any
 * move a crashed rename left half done. `fn` gets the listing.
 */
function exclusive<T>(ctx: CommandContext, fn: (files: MemoryFileEntry[]) => Promise<T>): Promise<T> {
  return ctx.files.exclusive(async () => {
    let files = await ctx.files.list();
    const stuck = files.filter((f) => f.movedTo !== undefined);
    if (stuck.length > 0) {
      for (const f of stuck) await moveFile(ctx, f.path, f.movedTo!);
      files = await ctx.files.list();
    }
    return fn(files);
  });
}

/** The listing a reader sees: a sealed file shows at its destination until its move is finished. */
function visible(files: MemoryFileEntry[]): MemoryFileEntry[] {
  const live = files.filter((f) => f.movedTo === undefined);
  const pending = files
    .filter((f) => f.movedTo !== undefined && !live.some((l) => l.path === f.movedTo))
    .map((f) => ({ path: f.movedTo!, bytes: f.bytes }));
  return [...live, ...pending].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
