import type { Command } from 'commander';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { messageText } from '../../messages/serialize.ts';
import { type CliContext, positiveInt } from '../cli-context.ts';
import { printObject, printRows } from '../output.ts';
import { requireSession } from '../scope-hint.ts';

/** Registers `engram sessions list|show|delete`: the sessions of the scope, a session's messages, deleting one. */
export function registerSessionCommands(program: Command, cli: CliContext): void {
  const sessions = program.command('sessions').description('list, show and delete sessions');
  sessions
    .command('list')
    .description('the sessions of the scope, newest first')
    .option('--limit <n>', 'at most this many', positiveInt, 50)
    .action(async (o: { limit: number }) =>
      cli.withStore(async (store) => {
        const list = await store.listSessions(cli.scope(), { limit: o.limit });
        const rows = await Promise.all(
          list.map(async (s) => {
            const stats = await store.stats(s.scope, s.id);
            return { id: s.id, messages: stats.count, tokens: stats.tokens, updatedAt: s.updatedAt };
          }),
        );
        printRows(rows, cli.output(), ['id', 'messages', 'tokens', 'updatedAt']);
      }),
    );
  sessions
    .command('show <session>')
    .description("a session's messages, oldest first")
    .option('--limit <n>', 'only the newest n', positiveInt)
    .action(async (id: string, o: { limit?: number }) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        await requireSession(store, scope, id);
        const memory = createConversationMemory({ store, scope, sessionId: id });
        const entries = o.limit ? await memory.tail({ maxMessages: o.limit }) : await memory.entries();
        const rows = entries.map((e) => ({
          seq: e.seq,
          role: e.message.role,
          tokens: e.tokens,
          text: messageText(e.message).replace(/\s+/g, ' '),
        }));
        printRows(rows, cli.output(), ['seq', 'role', 'tokens', 'text']);
      }),
    );
  sessions
    .command('delete <session>')
    .description('delete a session and its messages')
    .action(async (id: string) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        await requireSession(store, scope, id);
        await store.deleteSession(scope, id);
        printObject({ deleted: id }, cli.output());
      }),
    );
}
