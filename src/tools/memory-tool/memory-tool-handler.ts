import { checkKnownKeys, checkMethods, checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import { checkScope, type Scope } from '../../core/scope.ts';
import { maxRecordTextLength } from '../../longterm/check-record.ts';
import { getLongTermRecords, type HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createMemoryFiles, MemoryFileRefusal } from './memory-files.ts';
import {
  type CommandContext,
  create,
  insert,
  refuse,
  remove,
  rename,
  strReplace,
  view,
} from './memory-tool-commands.ts';
import { readCommand } from './memory-tool-input.ts';

/** Options of {@link createMemoryToolHandler}. */
export interface MemoryToolHandlerOptions {
  /** Where the files live: any engram store with long-term records (SQLite, PostgreSQL, JSON files, in process). */
  store: HasLongTermRecords;
  /** Whose files: each exact scope (tenant, user, agent) has its own `/memories`. */
  scope: Scope;
  /** Largest file, in UTF-8 bytes. @default 32,768 */
  maxFileBytes?: number;
  /** Most files in the scope's `/memories`. @default 1,000 */
  maxFiles?: number;
  /** Longest path, in characters (`/memories/…` included). @default 255 */
  maxPathLength?: number;
}

/** A command of Anthropic's memory tool (`memory_20250818`), as the model sends it. */
export type MemoryToolCommand =
  | { command: 'view'; path: string; view_range?: number[] }
  | { command: 'create'; path: string; file_text: string }
  | { command: 'str_replace'; path: string; old_str: string; new_str: string }
  | { command: 'insert'; path: string; insert_line: number; insert_text: string }
  | { command: 'delete'; path: string }
  | { command: 'rename'; old_path: string; new_path: string };

/** What a command did: the text the model reads, and whether it was refused. */
export interface MemoryToolResult {
  /** The result, or the refusal (`Error: …`), in the words of Anthropic's reference implementation. */
  text: string;
  /** True when the command was refused and changed nothing. */
  isError: boolean;
}

/** An Anthropic Messages API `tool_result` content block answering a memory `tool_use` block. */
export interface MemoryToolResultBlock {
  /** Always `tool_result`. */
  type: 'tool_result';
  /** The `id` of the `tool_use` block it answers. */
  tool_use_id: string;
  /** The text the model reads. */
  content: string;
  /** Present (true) when the command was refused. */
  is_error?: true;
}

/** Runs the memory tool's commands on engram's stores; see {@link createMemoryToolHandler}. */
export interface MemoryToolHandler {
  /** Runs a command; resolves to the text for the model (a refusal starts with `Error:`). For the AI SDK's `execute`. */
  execute(command: unknown): Promise<string>;
  /** Runs a command; resolves to its text and whether it was refused. */
  run(command: unknown): Promise<MemoryToolResult>;
  /** Answers an Anthropic SDK `tool_use` block (`{ id, input }`) with its `tool_result` block. */
  toolResult(block: { id: string; input: unknown }): Promise<MemoryToolResultBlock>;
}

const component = 'memory-tool';

/**
 * The client side of Anthropic's memory tool (`memory_20250818`): `view`, `create`, `str_replace`, `insert`,
 * `delete` and `rename` on a `/memories` directory kept in an engram store, one per exact scope. Each file is a
 * versioned long-term record (every edit kept; see `createMemoryFiles`), so files survive restarts on SQLite and
 * PostgreSQL, and two writers editing one file never lose an edit (an edit is re-applied to the newer version).
 *
 * Paths outside `/memories` are refused by an allow-list (see `parseMemoryPath`), as are files over
 * `maxFileBytes`, a file past `maxFiles`, and paths over `maxPathLength`. Every refusal, and every malformed
 * command, is a result the model reads (`Error: …`), never a throw; only a store failure (`STORE_ERROR`,
 * `STORE_CLOSED`) is thrown. A command is a plain object (as `JSON.parse` makes one) and only its own fields count:
 * a field inherited from a prototype, a getter or a field that is not enumerable is refused naming it (see
 * `readCommand`). Results use the wording of Anthropic's reference implementation.
 *
 * `create`, `delete` and `rename` check the listing (the file count, a file where a directory is wanted and the
 * reverse, an existing destination) and write while holding the scope's directory lock (a lock record taken by
 * compare-and-set, see `createMemoryRootLock`), so the caps and rules hold against every concurrent command, in
 * any process; a holder that crashes frees it when its 30 s lease ends. `rename` seals each file by
 * compare-and-set on its version before it copies it, so an edit racing the rename either is in the renamed file
 * or is refused; a crash after the seal leaves the move for the next command to finish, never losing the file.
 * A command that needs the listing reads every file of the scope once (caps keep that bounded).
 * @example
 * import { anthropic } from '@ai-sdk/anthropic';
 * const memory = createMemoryToolHandler({ store, scope: { tenant: 'acme', user: 'ada' } });
 * await generateText({ model, tools: { memory: anthropic.tools.memory_20250818({ execute: memory.execute }) }, prompt });
 */
export function createMemoryToolHandler(options: MemoryToolHandlerOptions): MemoryToolHandler {
  checkOptions(options, 'createMemoryToolHandler', 'memory-tool');
  checkKnownKeys(
    options,
    { store: true, scope: true, maxFileBytes: true, maxFiles: true, maxPathLength: true },
    'createMemoryToolHandler',
    component,
  );
  const scope = checkScope(options.scope, component);
  const limit = (name: keyof MemoryToolHandlerOptions, fallback: number, min: number) => {
    const value = options[name] ?? fallback;
    if (!Number.isSafeInteger(value) || (value as number) < min)
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `${name} must be an integer >= ${min}`,
      });
    return value as number;
  };
  const ctx: CommandContext = {
    files: createMemoryFiles(getLongTermRecords(options.store, component), scope, component),
    maxFileBytes: limit('maxFileBytes', 32 * 1024, 0),
    maxFiles: limit('maxFiles', 1000, 1),
    maxPathLength: limit('maxPathLength', 255, '/memories/x'.length),
  };
  if (ctx.maxPathLength + 1 + ctx.maxFileBytes > maxRecordTextLength)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `maxPathLength + maxFileBytes must stay under ${maxRecordTextLength} (a file is one long-term record)`,
    });

  const dispatch = async (input: unknown): Promise<string> => {
    const c = readCommand(input);
    switch (c.command) {
      case 'view':
        return view(ctx, c.path, c.view_range ?? undefined);
      case 'create':
        return create(ctx, c.path, c.file_text);
      case 'str_replace':
        return strReplace(ctx, c.path, c.old_str, c.new_str);
      case 'insert':
        return insert(ctx, c.path, c.insert_line, c.insert_text);
      case 'delete':
        return remove(ctx, c.path);
      case 'rename':
        return rename(ctx, c.old_path, c.new_path);
      default:
        return refuse(
          `Unknown command ${describeValue(c.command)}; use view, create, str_replace, insert, delete or rename.`,
        );
    }
  };

  const run = async (input: unknown): Promise<MemoryToolResult> => {
    try {
      return { text: await dispatch(input), isError: false };
    } catch (error) {
      if (error instanceof MemoryFileRefusal) return { text: error.message, isError: true };
      // A rule of the store this handler did not check first (a conflict that outlasted the retries, …).
      if (MemoryError.isInstance(error) && error.code !== 'STORE_ERROR' && error.code !== 'STORE_CLOSED') {
        return { text: `Error: ${errorReason(error)}`, isError: true };
      }
      throw error;
    }
  };

  return {
    run,
    execute: async (command) => (await run(command)).text,
    async toolResult(block) {
      checkMethods(block, 'toolResult(block)', component, []);
      checkId(block.id, 'toolResult(block): block.id', component);
      const result = await run(block.input);
      return {
        type: 'tool_result',
        tool_use_id: block.id,
        content: result.text,
        ...(result.isError ? { is_error: true as const } : {}),
      };
    },
  };
}
