/**
 * The scripted searcher of the token-savings benchmark: it knows only a description of a planted fact ("the
 * staging DB password of cluster-4"), never its value or the id of the item holding it, and uses the tools
 * `agent()` gives a model with a content store and a stored conversation (`query_memory`,
 * `retrieve_from_memory`, `search_history`), at most three calls, the way a model would: search the content
 * store for the description, then the conversation log, then read the best item around the description's most
 * distinctive word. The fact is found when a tool's output holds its sentence.
 */

import type { ModelMessage } from 'ai';
import type { ContentStore } from '../../src/content/create-content-store.ts';
import type { ConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createContentTools } from '../../src/tools/content-tools.ts';
import { createHistoryTools } from '../../src/tools/history-tools.ts';
import type { PlantedFact } from './trace.ts';

/** How a fact was reached: in the context, through tools (with how many calls), or not within the calls allowed. */
export interface Reach {
  /** `context`, `tool`, or undefined when not reached. */
  way: 'context' | 'tool' | undefined;
  /** Tool calls made (0 when in the context). */
  calls: number;
}

/** The most tool calls the searcher makes for one fact. */
export const maxCalls = 3;

/** The description's most distinctive word: the longest one holding a digit or a joiner, else the longest. */
function distinctiveWord(description: string): string {
  const words = description.match(/[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu) ?? [description];
  const marked = words.filter((w) => /[\d\-_.]/.test(w));
  return [...(marked.length > 0 ? marked : words)].sort((a, b) => b.length - a.length)[0]!;
}

/** A searcher over one contender's content store and conversation. */
export function createSearcher(content: ContentStore, memory: ConversationMemory) {
  const tools = { ...createContentTools({ content }), ...createHistoryTools({ memory }) };
  const options = { toolCallId: 'search', messages: [], context: {} };
  return async (fact: PlantedFact, context: readonly ModelMessage[]): Promise<Reach> => {
    if (JSON.stringify(context).includes(fact.text)) return { way: 'context', calls: 0 };
    const found = (output: unknown) => JSON.stringify(output).includes(fact.text);
    const listed = (await tools.query_memory.execute!({ text: fact.description }, options)) as {
      items?: { id: string }[];
    };
    if (found(listed)) return { way: 'tool', calls: 1 };
    const history = await tools.search_history.execute!({ query: fact.description }, options);
    if (found(history)) return { way: 'tool', calls: 2 };
    const top = listed.items?.[0]?.id;
    if (top === undefined) return { way: undefined, calls: 2 };
    const read = await tools.retrieve_from_memory.execute!(
      { id: top, transform: { type: 'filtered', pattern: distinctiveWord(fact.description) } },
      options,
    );
    return found(read) ? { way: 'tool', calls: 3 } : { way: undefined, calls: maxCalls };
  };
}
