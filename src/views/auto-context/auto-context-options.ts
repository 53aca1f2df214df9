import { type CitationPolicy, resolveCitationPolicy } from '../../content/citation-policy.ts';
import type { ContentStore } from '../../content/create-content-store.ts';
import { checkFunction, checkKnownKeys, checkMethods } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Summarizer } from '../summarizer.ts';

/** Options of `createAutoContextMemory` (seed 002's `AutoContextConfig`, with AgentScope's defaults where they fit). */
export interface AutoContextOptions {
  /** The conversation the view reads; `store()` and `appended()` go to it. */
  conversation: ConversationMemory;
  /** Where cleared tool results go (they stay reachable with `retrieve_from_memory`). */
  content: ContentStore;
  /** The model's context window in tokens: the hard budget, and the base of `tokenRatio`. */
  maxTokens: number;
  /** Compact when the context holds more than this many messages (AgentScope: 100). @default 100 */
  msgThreshold?: number;
  /** Compact when the context's tokens pass this share of `maxTokens` (AgentScope: 0.75). @default 0.75 */
  tokenRatio?: number;
  /**
   * The newest messages no rung but the last touches (AgentScope: 50); the tail starts at a unit boundary, so a
   * tool call and its result are on the same side. A tail longer than the message target
   * (`msgThreshold × compactTo`) keeps the count above `msgThreshold`. @default 50, or one less than
   * `msgThreshold × compactTo` when that is smaller (so a low `msgThreshold` is met)
   */
  lastKeep?: number;
  /**
   * The protected tail also holds at most this many tokens (the newest unit always stays). Bound it when a tail
   * of long tool results sits above the trigger by itself, so the older rungs can reach below it; unbounded by
   * default because every compaction inside the tail rewrites the prompt prefix a provider caches (measured in
   * the token-savings benchmark: a tail of half the trigger cost 4% more there). @default unbounded
   */
  lastKeepTokens?: number;
  /**
   * Once a trigger fires, rungs run until the context is at most this share of the thresholds (messages and
   * tokens), so the next trigger is a real amount of growth away and steps (and prompt-cache breaks) stay rare.
   * 1 compacts only to just below the thresholds. @default 0.6
   */
  compactTo?: number;
  /**
   * A rung runs only when it saves at least this many tokens (or, for a message-count trigger, removes
   * messages): batching replacements like Anthropic's `clear_at_least`, so the prefix the provider caches
   * changes rarely. @default max(1,000, 5% of maxTokens)
   */
  minGainTokens?: number;
  /** Tool results at or below this many tokens are never cleared (AgentScope offloads 5,120-character payloads). @default 1,280 */
  minResultTokens?: number;
  /** Tools whose results are never cleared (Anthropic's `exclude_tools`). @default [] */
  excludeTools?: readonly string[];
  /** Folds messages into summaries (an LLM summarizer such as `createLanguageModelSummarizer`). @default extractive, no model */
  summarizer?: Summarizer;
  /**
   * How the first use of a large result is shown before the ladder clears it (a misspelt key in the policy is
   * `INVALID_ARGUMENT` naming its path). @default the citation defaults
   */
  citations?: CitationPolicy | false;
  /** Messages a reloaded range stays in full before rungs may compact it again. @default lastKeep */
  reloadKeep?: number;
}

/** The options with every default decided and checked. */
export type ResolvedAutoContextOptions = Required<
  Omit<AutoContextOptions, 'summarizer' | 'citations' | 'excludeTools'>
> & {
  summarizer?: Summarizer;
  citations: CitationPolicy | false;
  excludeTools: ReadonlySet<string>;
};

function integer(value: unknown, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'views',
      message: `createAutoContextMemory: ${name} must be an integer ≥ ${min}, got ${describeValue(value)}`,
    });
  }
  return value as number;
}

function ratio(value: unknown, name: string): number {
  if (typeof value !== 'number' || !(value > 0 && value <= 1)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'views',
      message: `createAutoContextMemory: ${name} must be a number in (0, 1], got ${describeValue(value)}`,
    });
  }
  return value;
}

/** Every key of {@link AutoContextOptions}: a misspelt one is refused, not replaced by its default. */
const knownOptions: Record<keyof AutoContextOptions, true> = {
  conversation: true,
  content: true,
  maxTokens: true,
  msgThreshold: true,
  tokenRatio: true,
  lastKeep: true,
  lastKeepTokens: true,
  compactTo: true,
  minGainTokens: true,
  minResultTokens: true,
  excludeTools: true,
  summarizer: true,
  citations: true,
  reloadKeep: true,
};

const invalid = (message: string) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'views',
    message: `createAutoContextMemory(options).${message}`,
  });

/**
 * Checks the options that are objects or lists: no unknown key, a content store with its methods and counter, tool
 * names, a summarizer function, a citation policy object or false (`INVALID_ARGUMENT` naming the option).
 */
function checkParts(options: AutoContextOptions): void {
  const what = 'createAutoContextMemory(options)';
  checkKnownKeys(options, knownOptions, 'createAutoContextMemory', 'views');
  checkMethods(options.content, `${what}.content`, 'views', ['store', 'retrieve']);
  checkMethods(options.content.counter, `${what}.content.counter`, 'views', ['count', 'countText']);
  const { excludeTools, citations } = options;
  if (
    excludeTools !== undefined &&
    !(Array.isArray(excludeTools) && excludeTools.every((t) => typeof t === 'string' && t !== ''))
  )
    throw invalid(`excludeTools must be an array of tool names, got ${describeValue(excludeTools)}`);
  if (options.summarizer !== undefined) checkFunction(options.summarizer, `${what}.summarizer`, 'views');
  if (
    citations !== undefined &&
    citations !== false &&
    (typeof citations !== 'object' || citations === null || Array.isArray(citations))
  )
    throw invalid(`citations must be false or a citation policy object, got ${describeValue(citations)}`);
  if (citations) resolveCitationPolicy(citations, `${what}.citations`);
}

/** Fills in the defaults and checks every option (`INVALID_ARGUMENT` naming it). */
export function resolveAutoContextOptions(options: AutoContextOptions): ResolvedAutoContextOptions {
  checkParts(options);
  const maxTokens = integer(options.maxTokens, 'maxTokens', 1);
  const tokenRatio = ratio(options.tokenRatio ?? 0.75, 'tokenRatio');
  const msgThreshold = integer(options.msgThreshold ?? 100, 'msgThreshold', 1);
  const compactTo = ratio(options.compactTo ?? 0.6, 'compactTo');
  // The default tail leaves room for a summary below the message target, so a low msgThreshold can be met.
  const lastKeep = integer(
    options.lastKeep ?? Math.min(50, Math.max(0, Math.floor(msgThreshold * compactTo) - 1)),
    'lastKeep',
    0,
  );
  return {
    conversation: options.conversation,
    content: options.content,
    maxTokens,
    tokenRatio,
    msgThreshold,
    lastKeep,
    compactTo,
    lastKeepTokens: integer(options.lastKeepTokens ?? Number.MAX_SAFE_INTEGER, 'lastKeepTokens', 0),
    minGainTokens: integer(
      options.minGainTokens ?? Math.max(1000, Math.floor(maxTokens * 0.05)),
      'minGainTokens',
      0,
    ),
    minResultTokens: integer(options.minResultTokens ?? 1280, 'minResultTokens', 0),
    reloadKeep: integer(options.reloadKeep ?? lastKeep, 'reloadKeep', 0),
    excludeTools: new Set(options.excludeTools ?? []),
    citations: options.citations ?? {},
    ...(options.summarizer ? { summarizer: options.summarizer } : {}),
  };
}
