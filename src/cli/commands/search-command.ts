import type { Command } from 'commander';
import type { Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { messageText } from '../../messages/serialize.ts';
import { type CliContext, type CliStore, idFlag, integerFlag, sessionIdFlag } from '../cli-context.ts';
import { contentSpaces } from '../content-spaces.ts';
import { UsageError } from '../open-store.ts';
import { printRows } from '../output.ts';
import { requireSession } from '../scope-hint.ts';

/** What `engram search` can search. */
const searchKinds = ['messages', 'content', 'records'] as const;
type SearchKind = (typeof searchKinds)[number];

/** A commander parser for `--in messages,content,records` (a usage error for anything else). */
function parseKinds(value: string): SearchKind[] {
  const list = value.split(',').map((k) => k.trim());
  for (const k of list)
    if (!(searchKinds as readonly string[]).includes(k))
      throw new UsageError(`--in takes ${searchKinds.join(', ')}; got "${k}"`);
  return [...new Set(list as SearchKind[])];
}

interface SearchOptions {
  in: SearchKind[];
  session?: string;
  space?: string;
  limit: number;
}

/** Registers `engram search`: messages, content items and long-term records of the scope, each hit labelled. */
export function registerSearchCommand(program: Command, cli: CliContext): void {
  program
    .command('search <query>')
    .description(
      'messages (full text), content items (full text) and long-term records (the retriever, scored)',
    )
    .option('--in <kinds>', 'where to look, comma-separated: messages,content,records', parseKinds, [
      ...searchKinds,
    ])
    .option('--session <id>', 'messages and records of this session only', sessionIdFlag)
    .option(
      '--space <name>',
      'only this content-store space (default: every space of the scope)',
      idFlag('--space', 'a space name'),
    )
    .option('--limit <n>', 'at most this many hits of each kind', integerFlag('--limit', 1), 20)
    .action(async (query: string, o: SearchOptions) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        // A session the owner lacks is not found (naming who has it), also when only records or content are searched.
        if (o.session !== undefined) await requireSession(store, scope, o.session);
        const hits: Record<string, unknown>[] = [];
        if (o.in.includes('messages')) hits.push(...(await messageHits(store, scope, query, o)));
        if (o.in.includes('content')) hits.push(...(await contentHits(store, scope, query, o)));
        if (o.in.includes('records')) hits.push(...(await recordHits(store, scope, query, o)));
        if (cli.json()) printRows(hits, cli.output());
        else
          printRows(
            hits.map((h) => ({ ...h, at: h.kind === 'message' ? `${h.session}#${h.seq}` : h.id })),
            cli.output(),
            ['kind', 'at', 'score', 'text'],
          );
      }),
    );
}

const rounded = (score: number) => Number(score.toFixed(4));
const oneLine = (text: string, max = 200) => text.replace(/\s+/g, ' ').trim().slice(0, max);

async function messageHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const hits = await store.searchMessages(scope, {
    text,
    limit: o.limit,
    ...(o.session ? { sessionId: o.session } : {}),
  });
  return hits.map((h) => ({
    kind: 'message',
    session: h.sessionId,
    seq: h.entry.seq,
    role: h.entry.message.role,
    score: rounded(h.score),
    text: messageText(h.entry.message),
  }));
}

/** Content items whose text holds every word, in `--space` or every space of the scope (no score: the store filters). */
async function contentHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const items = store.contentItems;
  const hits: Record<string, unknown>[] = [];
  for (const space of await contentSpaces(store, scope, o.space)) {
    const page = await items.queryItems(scope, space, { text, limit: Math.min(o.limit, 1000) });
    for (const info of page.items) {
      const item = await items.getItem(scope, space, info.id);
      const content = typeof item?.content === 'string' ? item.content : JSON.stringify(item?.content ?? '');
      hits.push({
        kind: 'content',
        space,
        id: info.id,
        type: info.type,
        source: info.source,
        size: info.size,
        score: null,
        text: oneLine(content),
      });
    }
  }
  return hits;
}

async function recordHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const hits = await longTerm.search(text, {
    limit: Math.min(o.limit, 100),
    ...(o.session ? { filter: { session: o.session } } : {}),
  });
  return hits.map((h) => ({
    kind: 'record',
    id: h.record.id,
    recordKind: h.record.kind,
    score: rounded(h.score),
    text: h.record.text,
  }));
}
