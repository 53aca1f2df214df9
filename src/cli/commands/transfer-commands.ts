import type { Command } from 'commander';
import { type CliContext, sessionIdFlag } from '../cli-context.ts';
import { parseInputFile } from '../input-file.ts';
import { printObject } from '../output.ts';
import { writeOutputFile } from '../output-file.ts';
import { exportSession, importSession, parseSessionJsonl } from '../session-jsonl.ts';

/** Registers `engram export` / `engram import`: a session as JSON lines, lossless, imported all or nothing. */
export function registerTransferCommands(program: Command, cli: CliContext): void {
  program
    .command('export <session>')
    .description('a session as JSON lines (to stdout, or --out)')
    .option('--out <file>', 'write to this file')
    .action(async (id: string, o: { out?: string }) =>
      cli.withStore(async (store) => {
        const text = await exportSession(store, cli.scope(), id, cli.progress());
        if (o.out) writeOutputFile(o.out, text, cli.flags().db);
        else process.stdout.write(text);
      }),
    );
  program
    .command('import <file>')
    .description('a session from JSON lines: all or nothing (a new --db file is created)')
    .option('--session <id>', 'import under this id instead of the file’s', sessionIdFlag)
    .action(async (file: string, o: { session?: string }) => {
      const parsed = parseInputFile(file, parseSessionJsonl);
      await cli.withStore(async (store) => {
        const n = await importSession(store, cli.scope(), parsed, o.session, cli.progress());
        printObject({ imported: o.session ?? parsed.id, messages: n }, cli.output());
      }, 'write');
    });
}
