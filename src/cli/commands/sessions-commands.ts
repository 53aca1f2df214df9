import type { Command } from 'commander';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { messageText } from '../../messages/serialize.ts';
import { importState } from '../../store/abandoned-session.ts';
import { unlessSessionGone } from '../../store/unless-session-gone.ts';
import { type CliContext, integerFlag } from '../cli-context.ts';
import { confirm } from '../confirm.ts';
import { warnIfUnfinished } from '../import-state.ts';
import { printObject, printRows } from '../output.ts';
import { elsewhereHint, ownerWords, requireSession, scopeWords } from '../scope-hint.ts';

/** Registers `engram sessions list|show|delete`: the sessions of the scope, a session's messages, deleting one. */
export function registerSessionCommands(program: Command, cli: CliContext): void {
  const sessions = program.command('sessions').description('list, show and delete sessions');
  sessions
    .command('list')
    .description('the sessions of the scope and of its users and agents, newest first')
    .option('--limit <n>', 'at most this many', integerFlag('--limit', 1), 50)
    .action(async (o: { limit: number }) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        const listed = await store.listSessions(scope, { limit: o.limit });
        // A session deleted since it was listed (by the application, or an import that failed) is left out.
        const read = await Promise.all(
          listed.map(async (s) => {
            const stats = await unlessSessionGone(() => store.stats(s.scope, s.id));
            return stats && { s, stats };
          }),
        );
        const live = read.filter((r) => r !== undefined);
        const list = live.map((r) => r.s);
        const rows = live.map(({ s, stats }) => ({
          id: s.id,
          owner: ownerWords(s.scope),
          state: importState(s.metadata),
          messages: stats.count,
          tokens: stats.tokens,
          updatedAt: s.updatedAt,
        }));
        // A scope lists the sessions it contains (its users' and agents' too): the owner column tells them apart.
        const mixed = list.some((s) => s.scope.user !== scope.user || s.scope.agent !== scope.agent);
        // A session an import has not finished (a crash, or a run still writing it) is not passed off as whole.
        const unfinished = rows.some((r) => r.state !== 'complete');
        printRows(rows, cli.output(), [
          'id',
          ...(mixed ? ['owner'] : []),
          ...(unfinished ? ['state'] : []),
          'messages',
          'tokens',
          'updatedAt',
        ]);
        if (rows.length === 0 && !cli.json()) process.stderr.write(await elsewhereHint(store, cli.scope()));
      }),
    );
  sessions
    .command('show <session>')
    .description("a session's messages, oldest first")
    .option('--limit <n>', 'only the newest n', integerFlag('--limit', 1))
    .action(async (id: string, o: { limit?: number }) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        warnIfUnfinished(await requireSession(store, scope, id));
        const memory = createConversationMemory({ store, scope, sessionId: id });
        const entries = o.limit ? await memory.tail({ maxMessages: o.limit }) : await memory.entries();
        const rows = entries.map((e) => ({
          seq: e.seq,
          role: e.message.role,
          tokens: e.tokens,
          text: messageText(e.message),
        }));
        printRows(rows, cli.output(), ['seq', 'role', 'tokens', 'text']);
      }),
    );
  sessions
    .command('delete <session>')
    .description('delete a session and its messages (asks first on a terminal; --yes elsewhere)')
    .option('--yes', 'delete without asking (needed when not on a terminal)')
    .action(async (id: string, o: { yes?: boolean }) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        await requireSession(store, scope, id);
        const { count } = await store.stats(scope, id);
        const question = `delete session "${id}" of ${scopeWords(scope)} and its ${count} message(s)?`;
        if (!(await confirm(question, { yes: o.yes === true }))) {
          process.stderr.write('nothing deleted\n');
          return;
        }
        await store.deleteSession(scope, id);
        printObject({ deleted: id }, cli.output());
      }, 'change'),
    );
}
