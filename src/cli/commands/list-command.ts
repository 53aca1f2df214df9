import type { Command } from 'commander';
import { type CliContext, integerFlag } from '../cli-context.ts';
import { printRows } from '../output.ts';
import { scopeFlags } from '../scope-hint.ts';

/** Registers `engram ls` (also `engram scopes`): what exists in the database, by tenant, user and agent. */
export function registerListCommand(program: Command, cli: CliContext): void {
  program
    .command('ls')
    .alias('scopes')
    .description(
      'what the database holds, whoever owns it: each tenant / user / agent with its sessions (newest first), content spaces with item counts, and long-term records — the flags to read it',
    )
    .option('--sessions <n>', 'session ids shown per owner', integerFlag('--sessions', 1), 5)
    .action(async (o: { sessions: number }) =>
      cli.withStore(async (store) => {
        const owners = await store.experimental_inventory.owners({ newestSessions: o.sessions });
        if (cli.json()) {
          printRows(
            owners.map((owner) => ({ ...owner })),
            cli.output(),
          );
          return;
        }
        const rows = owners.map(({ scope, sessions, content, records }) => ({
          tenant: scope.tenant,
          user: scope.user ?? '-',
          agent: scope.agent ?? '-',
          sessions:
            sessions.count === 0
              ? '0'
              : `${sessions.count}: ${sessions.newest.join(', ')}${sessions.count > sessions.newest.length ? ', …' : ''}`,
          'content (space: items)': content.map((c) => `${c.space}: ${c.items}`).join(', '),
          records,
        }));
        printRows(rows, cli.output(), [
          'tenant',
          'user',
          'agent',
          'sessions',
          'content (space: items)',
          'records',
        ]);
        const first = owners[0];
        if (first)
          process.stdout.write(
            `\nRead an owner's data with its flags (- is none: leave the flag out), e.g. engram ${scopeFlags(first.scope)} sessions list\n`,
          );
      }),
    );
}
