import type { Command } from 'commander';
import type { Scope } from '../../core/scope.ts';
import { unlessSessionGone } from '../../store/unless-session-gone.ts';
import { type CliContext, type CliStore, idFlag } from '../cli-context.ts';
import { contentSpaces, forEachContentPage } from '../content-spaces.ts';
import { warnIfUnfinished } from '../import-state.ts';
import { currentRecords } from '../long-term-records.ts';
import { printObject, printRows } from '../output.ts';
import { elsewhereHint, requireSession } from '../scope-hint.ts';
import { forEachPage } from '../session-jsonl.ts';

/** Registers `engram stats [session]`: counts for the scope, or for one session. */
export function registerStatsCommand(program: Command, cli: CliContext): void {
  program
    .command('stats [session]')
    .description(
      'counts: sessions, messages, tokens, content items, long-term records of the scope and of its users and agents; or one session in detail',
    )
    .option(
      '--space <name>',
      'count only this content-store space (default: every space of the scope and of its users and agents)',
      idFlag('--space', 'a space name'),
    )
    .action(async (id: string | undefined, o: { space?: string }) =>
      cli.withStore(async (store) => {
        const print = (stats: Record<string, unknown>) =>
          cli.json()
            ? printObject(stats, cli.output())
            : printRows(flatten(stats), cli.output(), ['stat', 'value']);
        if (id !== undefined) return print(await sessionStats(store, cli.scope(), id));
        const stats = await scopeStats(store, cli.scope(), o.space);
        print(stats);
        if (!cli.json() && stats.sessions === 0)
          process.stderr.write(await elsewhereHint(store, cli.scope()));
      }),
    );
}

/**
 * The scope's totals: what `sessions list` covers; the content items (all spaces, or one) of the scope and of the
 * users / agents within it, by space name; the current long-term records `memory list` shows.
 */
async function scopeStats(store: CliStore, scope: Scope, space: string | undefined) {
  let messages = 0;
  let tokens = 0;
  let sessions = 0;
  for (const s of await store.listSessions(scope)) {
    // A session deleted since it was listed (by the application, or an import that failed) is not counted.
    const log = await unlessSessionGone(() => store.stats(s.scope, s.id));
    if (!log) continue;
    sessions++;
    messages += log.count;
    tokens += log.tokens;
  }
  const content = { items: 0, bytes: 0, tokens: 0, bySpace: {} as Record<string, number> };
  if (space !== undefined) content.bySpace[space] = 0;
  const spaces = await contentSpaces(store, scope, space);
  for (const name of [...new Set(spaces.map((s) => s.space))].sort()) content.bySpace[name] = 0;
  await forEachContentPage(store, spaces, ({ space: name }, items) => {
    for (const i of items) {
      content.items++;
      content.bytes += i.size;
      content.tokens += i.tokens;
    }
    content.bySpace[name]! += items.length;
  });
  const { records } = await currentRecords(store, scope);
  const versions = records.reduce((n, r) => n + r.version, 0);
  return {
    sessions,
    messages,
    tokens,
    content,
    records: { current: records.length, versions },
  };
}

/** One session: messages by role, tokens, tool calls and results, artifacts by kind, first and last message time. */
async function sessionStats(store: CliStore, scope: Scope, id: string) {
  warnIfUnfinished(await requireSession(store, scope, id));
  const log = await store.stats(scope, id);
  const byRole: Record<string, number> = { system: 0, user: 0, assistant: 0, tool: 0 };
  let toolCalls = 0;
  let toolResults = 0;
  let first: Date | null = null;
  let last: Date | null = null;
  await forEachPage(store, scope, id, (page) => {
    for (const { message } of page) {
      byRole[message.role] = (byRole[message.role] ?? 0) + 1;
      first ??= message.createdAt;
      last = message.createdAt;
      if (typeof message.content === 'string') continue;
      for (const part of message.content) {
        if (part.type === 'tool-call') toolCalls++;
        if (part.type === 'tool-result') toolResults++;
      }
    }
  });
  const artifacts: Record<string, number> = {};
  for (const a of await store.listArtifacts(scope, id, undefined, undefined, { data: false }))
    artifacts[a.kind] = (artifacts[a.kind] ?? 0) + 1;
  return {
    session: id,
    messages: log.count,
    tokens: log.tokens,
    byRole,
    toolCalls,
    toolResults,
    artifacts,
    firstMessageAt: first,
    lastMessageAt: last,
  };
}

/** Nested counts as `stat` / `value` rows: `{ byRole: { user: 2 } }` → `byRole.user  2`; `{}` is 0, null `-`. */
function flatten(value: Record<string, unknown>, prefix = ''): { stat: string; value: unknown }[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null && !(v instanceof Date) && Object.keys(v).length > 0
      ? flatten(v as Record<string, unknown>, `${prefix}${k}.`)
      : [{ stat: `${prefix}${k}`, value: typeof v === 'object' && !(v instanceof Date) ? (v ? 0 : '-') : v }],
  );
}
