import type { ContentItemInfo } from '../content/content-item.ts';
import { type ContentCriteria, maxIndexedChars } from '../content/content-query.ts';
import type { ContentStore } from '../content/create-content-store.ts';
import { storedTerms } from '../content/key-terms.ts';
import { serializeContent } from '../content/prepare-content-item.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { gatherCandidates } from './gather-candidates.ts';
import { excerptAt, rankByRelevance, relevanceQuery } from './rank-by-relevance.ts';

/** The most matches a relevance query lists; past it, `order: 'newest'` pages on. */
export const maxRankedMatches = 5000;
/** The newest matches whose content is read and scored; older matches follow them, newest first. */
export const maxScoredMatches = 500;
/** The most words of a query searched for (the first ones). */
const maxQueryWords = 16;
/** Characters of the excerpt shown around an item's best match. */
const excerptChars = 320;

/** One item of a relevance page. */
export interface RankedItem {
  /** The item. */
  info: ContentItemInfo;
  /** The part of its content around its best window of query words (absent for an item not scored). */
  match?: string;
}

/** One page of a relevance query. */
export interface RankedContentPage {
  /** The items, best first. */
  items: RankedItem[];
  /** Whether the best candidate holds every word searched for (else: none does, and these hold some of them). */
  everyWord: boolean;
  /** The offset of the next page, when there is one. */
  next?: number;
}

type Filters = Omit<ContentCriteria, 'text' | 'limit' | 'order' | 'cursor'>;

/** Every item (infos, newest first) meeting the filters and holding every one of `words`, up to the cap. */
async function allMatches(content: ContentStore, filters: Filters, words: readonly string[]) {
  const out: ContentItemInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await content.query({
      ...filters,
      text: words.join(' '),
      limit: 1000,
      order: 'newest',
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && out.length < maxRankedMatches);
  return out.slice(0, maxRankedMatches);
}

/**
 * The items of a content store matching a text, ranked by relevance in two stages. First the store's own text
 * criterion (full-text search where it has it) for each word of the text but stopwords (the first 16), the
 * items merged and ordered by the summed idf of the words each holds (`gatherCandidates`: an item holding every
 * word comes first). Then the first {@link maxScoredMatches} are read and ranked on their indexed content and
 * key terms (`rankByRelevance`: BM25 and proximity), best first, each with an excerpt around its best match;
 * the others follow in the first stage's order. A word the text shares with no good match (a paraphrase) thus
 * never hides one, and every item holding all the words is listed (up to {@link maxRankedMatches}), so ranking
 * never drops a match of the store's all-words query. Pages by offset.
 */
export async function rankContent(
  content: ContentStore,
  filters: Filters,
  text: string,
  page: { offset: number; limit: number },
): Promise<RankedContentPage> {
  const query = relevanceQuery(text);
  if (query.words.length === 0)
    throw new MemoryError({
      code: 'INVALID_QUERY',
      component: 'tools',
      message: 'text holds no word to search for',
    });
  const words = query.words.slice(0, maxQueryWords);
  const lists: ContentItemInfo[][] = [];
  for (const word of words) lists.push(await allMatches(content, filters, [word]));
  const union = new Set(lists.flatMap((l) => l.map((i) => i.id))).size;
  const candidates = gatherCandidates(lists, (i) => i.id, union).slice(0, maxRankedMatches);
  const everyWord = candidates[0]?.held === words.length;
  const matches = candidates.map((c) => c.doc);
  const scored = matches.slice(0, maxScoredMatches);
  const texts = new Map<string, string>();
  for (const info of scored) {
    const item = await content.items.getItem(content.scope, content.space, info.id);
    if (!item) continue; // deleted since the query: ranked with its key terms alone
    texts.set(info.id, serializeContent(item.format, item.content).slice(0, maxIndexedChars));
  }
  // The content before the key terms: of two equal windows the first is kept, so the excerpt shows the content.
  const textOf = (info: ContentItemInfo) =>
    `${texts.get(info.id) ?? ''}\n${storedTerms(info.metadata).join(' ')}`;
  const ranked: RankedItem[] = rankByRelevance(scored, textOf, query).map((r) => ({
    info: r.doc,
    match: excerptAt(textOf(r.doc), r.at, excerptChars),
  }));
  const all = [...ranked, ...matches.slice(maxScoredMatches).map((info) => ({ info }))];
  const end = page.offset + page.limit;
  return { items: all.slice(page.offset, end), everyWord, ...(end < all.length ? { next: end } : {}) };
}
