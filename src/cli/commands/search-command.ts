import type { Command } from 'commander';
import type { Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { messageText } from '../../messages/serialize.ts';
import { importState } from '../../store/abandoned-session.ts';
import type { SessionRecord } from '../../store/memory-store.ts';
import { type CliContext, type CliStore, idFlag, integerFlag, sessionIdFlag } from '../cli-context.ts';
import { contentSpaces, forEachContentPage, type OwnedSpace } from '../content-spaces.ts';
import { ownerFields, recordOwner } from '../long-term-records.ts';
import { UsageError } from '../open-store.ts';
import { printRows } from '../output.ts';
import { ownerWords, requireSession } from '../scope-hint.ts';

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
      'only this content-store space (default: every space of the scope and of its users and agents)',
      idFlag('--space', 'a space name'),
    )
    .option('--limit <n>', 'at most this many hits of each kind', integerFlag('--limit', 1), 20)
    .action(async (query: string, o: SearchOptions) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        // A session the owner lacks is not found (naming who has it), also when only records or content are searched.
        if (o.session !== undefined) await requireSession(store, scope, o.session);
        const hits: Hit[] = [];
        if (o.in.includes('messages')) hits.push(...(await messageHits(store, scope, query, o)));
        if (o.in.includes('content')) hits.push(...(await contentHits(store, scope, query, o)));
        if (o.in.includes('records')) hits.push(...(await recordHits(store, scope, query, o)));
        if (cli.json())
          printRows(
            hits.map(({ owner, row: { kind, ...rest } }) => ({
              kind,
              ...(owner && ownerFields(scope, owner)),
              ...rest,
            })),
            cli.output(),
          );
        else {
          // Hits of the users / agents within the scope are told apart by an owner column, as `sessions list` does.
          const mixed = hits.some(
            ({ owner }) => owner && (owner.user !== scope.user || owner.agent !== scope.agent),
          );
          // Messages of a session an import has not finished are marked, as `sessions list` marks the session.
          const unfinished = hits.some(({ row }) => row.kind === 'message' && row.state !== 'complete');
          printRows(
            hits.map(({ owner, row }) => ({
              ...row,
              owner: owner ? ownerWords(owner) : '',
              at: row.kind === 'message' ? `${row.session}#${row.seq}` : row.id,
            })),
            cli.output(),
            ['kind', ...(mixed ? ['owner'] : []), 'at', ...(unfinished ? ['state'] : []), 'score', 'text'],
          );
        }
      }),
    );
}

/** A hit as printed (`kind` first), and its owner when known: a scope's search covers its users' and agents' data. */
interface Hit {
  owner?: Scope | undefined;
  row: Record<string, unknown> & { kind: string };
}

const rounded = (score: number) => Number(score.toFixed(4));
const oneLine = (text: string, max = 200) => text.replace(/\s+/g, ' ').trim().slice(0, max);

async function messageHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const hits = await store.searchMessages(scope, {
    text,
    limit: o.limit,
    ...(o.session ? { sessionId: o.session } : {}),
  });
  // Each hit's session read once (its owner's), for its import state; one deleted since the search is left out.
  const sessions = new Map<string, Promise<SessionRecord | undefined>>();
  const sessionOf = (owner: Scope, id: string) => {
    const key = JSON.stringify([owner.tenant, owner.user, owner.agent, id]);
    if (!sessions.has(key)) sessions.set(key, store.getSession(owner, id));
    return sessions.get(key)!;
  };
  const found: Hit[] = [];
  for (const h of hits) {
    const session = await sessionOf(h.scope, h.sessionId);
    if (!session) continue;
    found.push({
      owner: h.scope,
      row: {
        kind: 'message',
        session: h.sessionId,
        seq: h.entry.seq,
        state: importState(session.metadata),
        role: h.entry.message.role,
        score: rounded(h.score),
        text: messageText(h.entry.message),
      },
    });
  }
  return found;
}

/**
 * Content items whose text holds every word, in `--space` or every space, of the scope and of the users / agents
 * within it, at most `--limit` in all (no score: the store filters). Each item is read with its own owner.
 */
async function contentHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const found: { at: OwnedSpace; id: string }[] = [];
  await forEachContentPage(
    store,
    await contentSpaces(store, scope, o.space),
    (at, items) => {
      for (const { id } of items.slice(0, o.limit - found.length)) found.push({ at, id });
      return found.length < o.limit;
    },
    { text, limit: o.limit },
  );
  const hits: Hit[] = [];
  for (const { at, id } of found) {
    const item = await store.contentItems.getItem(at.owner, at.space, id);
    if (!item) continue; // deleted since the query
    const content = typeof item.content === 'string' ? item.content : JSON.stringify(item.content);
    hits.push({
      owner: at.owner,
      row: {
        kind: 'content',
        space: at.space,
        id,
        type: item.type,
        source: item.source,
        size: item.size,
        score: null,
        text: oneLine(content),
      },
    });
  }
  return hits;
}

async function recordHits(store: CliStore, scope: Scope, text: string, o: SearchOptions) {
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const hits = await longTerm.search(text, {
    limit: Math.min(o.limit, 100),
    ...(o.session ? { filter: { session: o.session } } : {}),
  });
  const found: Hit[] = [];
  for (const h of hits)
    found.push({
      owner: await recordOwner(store, scope, h.record),
      row: {
        kind: 'record',
        id: h.record.id,
        recordKind: h.record.kind,
        score: rounded(h.score),
        text: h.record.text,
      },
    });
  return found;
}
