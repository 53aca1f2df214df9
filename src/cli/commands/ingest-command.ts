import { basename, extname } from 'node:path';
import { type Command, Option } from 'commander';
import { type CliContext, sessionIdFlag } from '../cli-context.ts';
import {
  checkSessions,
  type IngestFormat,
  ingestFormats,
  parseIngestFile,
  writeSessions,
} from '../ingest/index.ts';
import { parseInputFile } from '../input-file.ts';
import { printObject } from '../output.ts';

/** Registers `engram ingest <file> --format …`: conversations of another format, checked whole, stored all or nothing. */
export function registerIngestCommand(program: Command, cli: CliContext): void {
  program
    .command('ingest <file>')
    .description('conversations from a file of another format: every message checked first, all or nothing')
    .addOption(
      new Option('--format <format>', 'the file format').choices(ingestFormats).makeOptionMandatory(),
    )
    .option(
      '--session <id>',
      'the session id (default: the file’s own, or its name); a prefix <id>-<sample_id> for several LoCoMo conversations',
      sessionIdFlag,
    )
    .option('--append', 'add to a session that exists (after its log) instead of refusing it')
    .action(async (file: string, o: { format: IngestFormat; session?: string; append?: boolean }) => {
      // Every message is checked before the store opens: a bad file creates no database.
      const sessions = parseInputFile(file, (text) => {
        const parsed = parseIngestFile(text, o.format, {
          ...(o.session !== undefined && { session: o.session }),
          fallbackId: basename(file, extname(file)) || 'ingested',
        });
        checkSessions(parsed);
        return parsed;
      });
      await cli.withStore(async (store) => {
        const written = await writeSessions(store, cli.scope(), sessions, {
          append: o.append === true,
          existsHint: 'give --append to add to it, or --session for another id',
          progress: cli.progress(),
          label: 'ingest',
        });
        printObject(written, cli.output());
      }, 'write');
    });
}
