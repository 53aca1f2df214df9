import type { Command } from 'commander';
import { messageText } from '../../messages/serialize.ts';
import { type CliContext, positiveInt } from '../cli-context.ts';
import { printRows } from '../output.ts';

/** Registers `engram search`: full-text search over the messages of the scope. */
export function registerSearchCommand(program: Command, cli: CliContext): void {
  program
    .command('search <query>')
    .description('messages of the scope that contain every word (full text)')
    .option('--session <id>', 'only this session')
    .option('--limit <n>', 'at most this many', positiveInt, 20)
    .action(async (query: string, o: { session?: string; limit: number }) =>
      cli.withStore(async (store) => {
        const hits = await store.searchMessages(cli.scope(), {
          text: query,
          limit: o.limit,
          ...(o.session ? { sessionId: o.session } : {}),
        });
        printRows(
          hits.map((h) => ({
            session: h.sessionId,
            seq: h.entry.seq,
            role: h.entry.message.role,
            text: messageText(h.entry.message),
          })),
          cli.json(),
          ['session', 'seq', 'role', 'text'],
        );
      }),
    );
}
