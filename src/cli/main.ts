#!/usr/bin/env node
/**
 * The `engram` command: what a database holds (`ls`), sessions, their JSONL export and import, ingest of other
 * formats, search, stats, what each step sent (`context`), long-term records, and a local read-only web inspector
 * (`engram inspect`), over a SQLite file (`--db`) or a PostgreSQL database (`--pg`); only `import` and `ingest`
 * create one. Tables for people (cells cut with `…` unless `--wide`), `--json` for scripts. Exit codes: 0 done,
 * 2 usage error, 3 bad input (nothing imported) or not found, 4 store error (also no engram data), 130 / 143 an
 * import or ingest stopped by SIGINT / SIGTERM (what it wrote removed), 1 anything else.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { errorReason } from '../core/errors/error-reason.ts';
import { namingBusyDatabase } from './busy-database.ts';
import { type CliFlags, createCliContext, exitCodeOf, exitCodes } from './cli-context.ts';
import { registerContextCommand } from './commands/context-command.ts';
import { registerIngestCommand } from './commands/ingest-command.ts';
import { registerInspectCommand } from './commands/inspect-command.ts';
import { registerListCommand } from './commands/list-command.ts';
import { registerMemoryCommands } from './commands/memory-commands.ts';
import { registerSearchCommand } from './commands/search-command.ts';
import { registerSessionCommands } from './commands/sessions-commands.ts';
import { registerStatsCommand } from './commands/stats-command.ts';
import { registerTransferCommands } from './commands/transfer-commands.ts';
import { cellWidth } from './output.ts';

export { exitCodes } from './cli-context.ts';

/** The package's version, from the `package.json` two folders up (`src/cli/` in the repository, `dist/cli/` installed). */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** The program (exported for tests of its help text). */
export function createProgram(): Command {
  const program = new Command('engram')
    .description('Inspect and move engram memory: sessions, their messages, long-term records.')
    .version(packageVersion(), '-V, --version', 'print the version of engram')
    .option('--db <path>', 'a SQLite database file (import and ingest create it)')
    .option('--pg <url>', 'a PostgreSQL connection string (only import and ingest create the schema)')
    .option('--schema <name>', 'the PostgreSQL schema')
    .option('--tenant <id>', 'the tenant', 'default')
    .option('--user <id>', 'the user within the tenant')
    .option('--agent <id>', 'the agent within the tenant')
    .option('--json', 'print JSON for scripts')
    .option('--wide', `tables: never cut a cell (without it, cells end at ${cellWidth} characters with …)`)
    .exitOverride()
    .showHelpAfterError();
  const cli = createCliContext(() => program.opts<CliFlags>());
  registerListCommand(program, cli);
  registerSessionCommands(program, cli);
  registerTransferCommands(program, cli);
  registerIngestCommand(program, cli);
  registerSearchCommand(program, cli);
  registerContextCommand(program, cli);
  registerMemoryCommands(program, cli);
  registerStatsCommand(program, cli);
  registerInspectCommand(program, cli);
  return program;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not errors; commander already printed the message.
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    }
    const reported = namingBusyDatabase(error, program.opts<CliFlags>().db);
    process.stderr.write(`engram: ${errorReason(reported)}\n`);
    return exitCodeOf(reported);
  }
}

/** Whether this file is the process's entry (also through the `engram` bin link). */
function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}
if (invokedDirectly()) {
  // A reader that stops early (`engram export chat | head`) closes the pipe: that ends the command, quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = await main(process.argv.slice(2));
}
