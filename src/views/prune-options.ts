import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/** Which messages a pruning rule reaches, in the AI SDK's `pruneMessages` words: all, or all but the newest N. */
export type PruneScope = 'all' | 'before-last-message' | `before-last-${number}-messages`;

/**
 * What a view removes from the messages it sends (never from the log), with the options and defaults of the AI
 * SDK's `pruneMessages`: `reasoning` parts of assistant messages; `toolCalls`, a tool call together with its
 * results and approval messages (one rule, or several with `tools` naming the tools each applies to); and the
 * messages left empty. "Last N messages" counts the messages the view would send, from the newest. A tool call
 * and its result are always kept or removed together.
 * @example
 * createTokenWindowMemory({ conversation, maxTokens: 32_000,
 *   prune: { reasoning: 'before-last-message', toolCalls: 'before-last-4-messages' } });
 */
export interface PruneOptions {
  /** Reasoning parts to remove: from every assistant message, all but the last message's, or none. @default 'none' */
  reasoning?: 'all' | 'before-last-message' | 'none';
  /**
   * Tool calls to remove with their results and approvals: a scope for every tool, `'none'`, or rules each with
   * the `tools` it applies to (every tool when omitted), applied in order. @default 'none'
   */
  toolCalls?: PruneScope | 'none' | readonly { type: PruneScope; tools?: readonly string[] }[];
  /** Whether a message whose content is empty after pruning is still sent. @default 'remove' */
  emptyMessages?: 'keep' | 'remove';
}

/** One tool-call rule, resolved: keep the newest `keep` messages' tool parts (0: keep none), for `tools` or all. */
export interface PruneRule {
  /** Newest messages left as they are (0 for `all`). */
  keep: number;
  /** The tools the rule prunes; undefined for every tool. */
  tools?: readonly string[];
}

/** {@link PruneOptions} checked and resolved. */
export interface PrunePlan {
  /** See {@link PruneOptions.reasoning}. */
  reasoning: 'all' | 'before-last-message' | 'none';
  /** The tool-call rules, in order. */
  rules: readonly PruneRule[];
  /** See {@link PruneOptions.emptyMessages}. */
  emptyMessages: 'keep' | 'remove';
  /** How many newest messages may be pruned differently from older ones (0: every message alike). */
  horizon: number;
}

const scopePattern = /^before-last-(0|[1-9][0-9]{0,8})-messages$/;

function invalid(what: string, expected: string, got: unknown): MemoryError {
  return new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'views',
    message: `${what} must be ${expected}, got ${describeValue(got)}`,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The newest messages a scope leaves alone; throws INVALID_ARGUMENT naming `what` for anything else. */
function scopeKeep(value: unknown, what: string): number {
  if (value === 'all') return 0;
  if (value === 'before-last-message') return 1;
  const match = typeof value === 'string' ? scopePattern.exec(value) : null;
  if (!match) throw invalid(what, "'all', 'before-last-message' or 'before-last-<N>-messages'", value);
  return Number(match[1]);
}

function checkTools(value: unknown, what: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid(what, 'an array of tool names', value);
  value.forEach((name, i) => {
    if (typeof name !== 'string' || name.length === 0) throw invalid(`${what}[${i}]`, 'a tool name', name);
  });
  return [...(value as string[])];
}

function checkRules(value: unknown, what: string): PruneRule[] {
  if (value === undefined || value === 'none') return [];
  if (!Array.isArray(value)) return [{ keep: scopeKeep(value, what) }];
  return value.map((rule, i) => {
    const at = `${what}[${i}]`;
    if (!isObject(rule)) throw invalid(at, 'an object { type, tools? }', rule);
    checkKnownKeys(rule, { type: true, tools: true }, at, 'views', at);
    const tools = checkTools(rule.tools, `${at}.tools`);
    return { keep: scopeKeep(rule.type, `${at}.type`), ...(tools ? { tools } : {}) };
  });
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, what: string): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(what, allowed.map((a) => `'${a}'`).join(' or '), value);
}

/**
 * Checks a view's `prune` option (`what` names it in errors: `createTokenWindowMemory(options).prune`; a key it
 * or a tool-call rule does not have is refused by `checkKnownKeys`) and resolves its defaults; undefined when the option
 * is absent, so a view without it sends its messages as stored. Throws `INVALID_ARGUMENT` naming the bad field.
 */
export function checkPruneOptions(value: unknown, what: string): PrunePlan | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw invalid(what, 'an object { reasoning?, toolCalls?, emptyMessages? }', value);
  checkKnownKeys(value, { reasoning: true, toolCalls: true, emptyMessages: true }, what, 'views', what);
  const reasoning = oneOf(
    value.reasoning,
    ['all', 'before-last-message', 'none'],
    'none',
    `${what}.reasoning`,
  );
  const rules = checkRules(value.toolCalls, `${what}.toolCalls`);
  const emptyMessages = oneOf(value.emptyMessages, ['keep', 'remove'], 'remove', `${what}.emptyMessages`);
  const horizon = Math.max(reasoning === 'before-last-message' ? 1 : 0, ...rules.map((r) => r.keep));
  return { reasoning, rules, emptyMessages, horizon };
}
