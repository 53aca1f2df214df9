#!/usr/bin/env node
/**
 * The `engram` command: sessions, their JSONL export and import, and long-term records of a SQLite file
 * (`--db`) or a PostgreSQL database (`--pg`). Tables for people, `--json` for scripts. Exit codes: 0 done,
 * 2 usage error, 3 bad input (nothing imported), 4 store error, 1 anything else.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { messageText } from '../messages/serialize.ts';
import { openStore, type StoreFlags, scopeOf, UsageError } from './open-store.ts';
import { printObject, printRows } from './output.ts';
import {
  BadInputError,
  exportSession,
  importSession,
  parseSessionJsonl,
  requireSession,
} from './session-jsonl.ts';

/** Exit codes. */
export const exitCodes = { ok: 0, failure: 1, usage: 2, badInput: 3, store: 4 } as const;

type Flags = StoreFlags & { json?: boolean };

const storeErrorCodes = new Set(['STORE_ERROR', 'STORE_CLOSED', 'MIGRATION_ERROR', 'MISSING_DEPENDENCY']);

/** The exit code of an error. */
function codeOf(error: unknown): number {
  if (error instanceof UsageError) return exitCodes.usage;
  if (error instanceof BadInputError) return exitCodes.badInput;
  if (MemoryError.isInstance(error))
    return storeErrorCodes.has(error.code) ? exitCodes.store : exitCodes.badInput;
  return exitCodes.failure;
}

/** Runs `fn` with the store the flags name, closing it after. */
async function withStore<T>(flags: Flags, fn: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>) {
  const store = await openStore(flags);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`expected a positive integer, got "${value}"`);
  return n;
};

/** The program (exported for tests of its help text). */
export function createProgram(): Command {
  const program = new Command('engram')
    .description('Inspect and move engram memory: sessions, their messages, long-term records.')
    .option('--db <path>', 'a SQLite database file')
    .option('--pg <url>', 'a PostgreSQL connection string')
    .option('--schema <name>', 'the PostgreSQL schema')
    .option('--tenant <id>', 'the tenant', 'default')
    .option('--user <id>', 'the user within the tenant')
    .option('--agent <id>', 'the agent within the tenant')
    .option('--json', 'print JSON for scripts')
    .exitOverride()
    .showHelpAfterError();
  const flags = () => program.opts<Flags>();

  const sessions = program.command('sessions').description('list, show and delete sessions');
  sessions
    .command('list')
    .description('the sessions of the scope, newest first')
    .option('--limit <n>', 'at most this many', positiveInt, 50)
    .action(async (o: { limit: number }) =>
      withStore(flags(), async (store) => {
        const list = await store.listSessions(scopeOf(flags()), { limit: o.limit });
        const rows = await Promise.all(
          list.map(async (s) => {
            const stats = await store.stats(s.scope, s.id);
            return { id: s.id, messages: stats.count, tokens: stats.tokens, updatedAt: s.updatedAt };
          }),
        );
        printRows(rows, flags().json === true, ['id', 'messages', 'tokens', 'updatedAt']);
      }),
    );
  sessions
    .command('show <session>')
    .description("a session's messages, oldest first")
    .option('--limit <n>', 'only the newest n', positiveInt)
    .action(async (id: string, o: { limit?: number }) =>
      withStore(flags(), async (store) => {
        const scope = scopeOf(flags());
        await requireSession(store, scope, id);
        const memory = createConversationMemory({ store, scope, sessionId: id });
        const entries = o.limit ? await memory.tail({ maxMessages: o.limit }) : await memory.entries();
        const rows = entries.map((e) => ({
          seq: e.seq,
          role: e.message.role,
          tokens: e.tokens,
          text: messageText(e.message).replace(/\s+/g, ' '),
        }));
        printRows(rows, flags().json === true, ['seq', 'role', 'tokens', 'text']);
      }),
    );
  sessions
    .command('delete <session>')
    .description('delete a session and its messages')
    .action(async (id: string) =>
      withStore(flags(), async (store) => {
        const scope = scopeOf(flags());
        await requireSession(store, scope, id);
        await store.deleteSession(scope, id);
        printObject({ deleted: id }, flags().json === true);
      }),
    );

  program
    .command('export <session>')
    .description('a session as JSON lines (to stdout, or --out)')
    .option('--out <file>', 'write to this file')
    .action(async (id: string, o: { out?: string }) =>
      withStore(flags(), async (store) => {
        const text = await exportSession(store, scopeOf(flags()), id);
        if (o.out) writeFileSync(o.out, text);
        else process.stdout.write(text);
      }),
    );
  program
    .command('import <file>')
    .description('a session from JSON lines: all or nothing')
    .option('--session <id>', 'import under this id instead of the file’s')
    .action(async (file: string, o: { session?: string }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new BadInputError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const parsed = parseSessionJsonl(text);
      await withStore(flags(), async (store) => {
        const n = await importSession(store, scopeOf(flags()), parsed, o.session);
        printObject({ imported: o.session ?? parsed.id, messages: n }, flags().json === true);
      });
    });

  program
    .command('search <query>')
    .description('messages of the scope that contain every word (full text)')
    .option('--session <id>', 'only this session')
    .option('--limit <n>', 'at most this many', positiveInt, 20)
    .action(async (query: string, o: { session?: string; limit: number }) =>
      withStore(flags(), async (store) => {
        const hits = await store.searchMessages(scopeOf(flags()), {
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
          flags().json === true,
          ['session', 'seq', 'role', 'text'],
        );
      }),
    );

  const memory = program.command('memory').description('long-term records');
  memory
    .command('search <query>')
    .description('records relevant to a query, best first (the live retriever, with scores)')
    .option('--limit <n>', 'at most this many', positiveInt, 10)
    .action(async (query: string, o: { limit: number }) =>
      withStore(flags(), async (store) => {
        const longTerm = createLongTermMemory({ store, scope: scopeOf(flags()), recording: 'none' });
        const hits = await longTerm.search(query, { limit: o.limit });
        printRows(
          hits.map((h) => ({
            id: h.record.id,
            kind: h.record.kind,
            score: Number(h.score.toFixed(4)),
            text: h.record.text,
          })),
          flags().json === true,
          ['id', 'kind', 'score', 'text'],
        );
      }),
    );
  const allRecords = async (
    store: Awaited<ReturnType<typeof openStore>>,
    kind?: string,
    limit = Number.POSITIVE_INFINITY,
  ) => {
    const longTerm = createLongTermMemory({ store, scope: scopeOf(flags()), recording: 'none' });
    const out: LongTermRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await longTerm.records.listRecords(longTerm.scope, {
        limit: 1000,
        ...(kind ? { filter: { kinds: [kind] } } : {}),
        ...(cursor ? { cursor } : {}),
      });
      out.push(...page.records);
      cursor = page.nextCursor;
    } while (cursor && out.length < limit);
    return { longTerm, records: out.slice(0, limit) };
  };
  memory
    .command('list')
    .description('the current records of the scope, oldest first')
    .option('--kind <kind>', 'only this kind (fact, turn, episode, …)')
    .option('--limit <n>', 'at most this many', positiveInt, 100)
    .action(async (o: { kind?: string; limit: number }) =>
      withStore(flags(), async (store) => {
        const { records } = await allRecords(store, o.kind, o.limit);
        printRows(
          records.map((r) => ({
            id: r.id,
            kind: r.kind,
            version: r.version,
            recordedAt: r.recordedAt,
            text: r.text,
          })),
          flags().json === true,
          ['id', 'kind', 'version', 'recordedAt', 'text'],
        );
      }),
    );
  memory
    .command('get <id>')
    .description('one record, its current version')
    .action(async (id: string) =>
      withStore(flags(), async (store) => {
        const longTerm = createLongTermMemory({ store, scope: scopeOf(flags()), recording: 'none' });
        const record = await longTerm.get(id);
        if (!record)
          throw new MemoryError({
            code: 'RECORD_NOT_FOUND',
            component: 'cli',
            message: `record "${id}" not found`,
          });
        printObject(record as unknown as Record<string, unknown>, flags().json === true);
      }),
    );
  memory
    .command('export')
    .description('every record with every version, as JSON lines (to stdout, or --out)')
    .option('--out <file>', 'write to this file')
    .action(async (o: { out?: string }) =>
      withStore(flags(), async (store) => {
        const { longTerm, records } = await allRecords(store);
        const lines: string[] = [];
        for (const r of records)
          for (const v of await longTerm.history(r.id)) lines.push(JSON.stringify({ type: 'record', ...v }));
        const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
        if (o.out) writeFileSync(o.out, text);
        else process.stdout.write(text);
      }),
    );
  memory
    .command('history <id>')
    .description('every version of a record, oldest first')
    .action(async (id: string) =>
      withStore(flags(), async (store) => {
        const longTerm = createLongTermMemory({ store, scope: scopeOf(flags()), recording: 'none' });
        const versions = await longTerm.history(id);
        if (versions.length === 0)
          throw new MemoryError({
            code: 'RECORD_NOT_FOUND',
            component: 'cli',
            message: `record "${id}" not found`,
          });
        printRows(
          versions.map((v) => ({
            version: v.version,
            event: v.event,
            recordedAt: v.recordedAt,
            text: v.text,
          })),
          flags().json === true,
          ['version', 'event', 'recordedAt', 'text'],
        );
      }),
    );
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
    const message =
      error instanceof Error ? error.message.replace(/^\[engram\] (\[[^\]]+\] )?/, '') : String(error);
    process.stderr.write(`engram: ${message}\n`);
    return codeOf(error);
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
if (invokedDirectly()) process.exitCode = await main(process.argv.slice(2));
