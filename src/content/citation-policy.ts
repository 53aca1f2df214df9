import { checkInteger, checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { idProblem } from '../core/ids.ts';
import type { ContentItemType } from './content-item.ts';

/** When a tool's results go to the content store: every time, never, or when over a token count. */
export type OffloadRule = 'always' | 'never' | { overTokens: number };

/** How one tool's results are offloaded and cited (seed 004's first use, MemberJunction's `expirationTurns`). */
export interface CitationRule {
  /** When a result is offloaded. @default { overTokens: 1000 } */
  offload?: OffloadRule;
  /**
   * How many model calls after the result see it in full: 1 means exactly the step right after the tool
   * call; later steps see a citation. @default 1
   */
  keepTurns?: number;
  /** The content item type of its results. @default 'action_result' */
  type?: ContentItemType;
}

/** The citation policy: a default rule and per-tool overrides (by tool name). A key neither has is refused. */
export interface CitationPolicy {
  /** The rule of tools without their own. @default { offload: { overTokens: 1000 }, keepTurns: 1, type: 'action_result' } */
  default?: CitationRule;
  /** Per tool name. */
  tools?: Record<string, CitationRule>;
}

/** A rule with every field decided. */
export interface ResolvedCitationRule {
  /** When a result is offloaded. */
  offload: OffloadRule;
  /** Model calls that see it in full. */
  keepTurns: number;
  /** The item type. */
  type: ContentItemType;
}

const fallback: ResolvedCitationRule = { offload: { overTokens: 1000 }, keepTurns: 1, type: 'action_result' };

/** Every field of a {@link CitationRule}: any other key is refused (a misspelling). */
const ruleKeys: Record<keyof CitationRule, true> = { offload: true, keepTurns: true, type: true };

/**
 * Checks one rule at `where` (`createCitationMemory(options).policy.default`): typed `INVALID_ARGUMENT` naming the
 * field, a key `known` does not list (a misspelt `ofload`) included. `known` narrows the fields a caller takes.
 */
export function checkCitationRule(
  rule: CitationRule,
  where: string,
  known: Partial<Record<keyof CitationRule, true>> = ruleKeys,
): void {
  const fail = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'content', message: `${where}.${message}` });
  if (typeof rule !== 'object' || rule === null) throw fail('rule must be an object');
  checkKnownKeys(rule, known as Record<keyof CitationRule, true>, where, 'content', where);
  const { offload, keepTurns, type } = rule;
  if (offload !== undefined && offload !== 'always' && offload !== 'never') {
    if (typeof offload !== 'object' || offload === null)
      throw fail(
        `offload must be 'always', 'never' or { overTokens: a non-negative integer }, got ${describeValue(offload)}`,
      );
    checkKnownKeys(offload, { overTokens: true }, where, 'content', `${where}.offload`);
    checkInteger(offload.overTokens, `${where}.offload.overTokens`, 'content', 0);
  }
  if (keepTurns !== undefined && (!Number.isSafeInteger(keepTurns) || keepTurns < 0)) {
    throw fail(`keepTurns must be a non-negative integer, got ${describeValue(keepTurns)}`);
  }
  // The type of every item the rule stores: one breaking the id rule would leave each result in full, unsaid.
  const typeProblem = type === undefined ? undefined : idProblem(type);
  if (typeProblem !== undefined) throw fail(`type ${typeProblem}`);
}

/**
 * Checks a policy (typed `INVALID_ARGUMENT` naming the field under `where`, a misspelt key included) and returns
 * the rule lookup by tool name.
 */
export function resolveCitationPolicy(
  policy: CitationPolicy = {},
  where = 'policy',
): (toolName: string) => ResolvedCitationRule {
  checkKnownKeys(policy, { default: true, tools: true }, where, 'content', where);
  if (policy.default !== undefined) checkCitationRule(policy.default, `${where}.default`);
  // A map by tool name: anything else (a number, a function) has no entries, so its rules were left out unsaid.
  if (
    policy.tools !== undefined &&
    (typeof policy.tools !== 'object' || policy.tools === null || Array.isArray(policy.tools))
  )
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'content',
      message: `${where}.tools must be an object of rules by tool name, got ${describeValue(policy.tools)}`,
    });
  for (const [name, rule] of Object.entries(policy.tools ?? {}))
    checkCitationRule(rule, `${where}.tools[${JSON.stringify(name)}]`);
  const base: ResolvedCitationRule = { ...fallback, ...givenFields(policy.default) };
  const tools = new Map(
    Object.entries(policy.tools ?? {}).map(([k, v]) => [k, { ...base, ...givenFields(v) }]),
  );
  return (toolName) => tools.get(toolName) ?? base;
}

/**
 * The fields of a rule that are given: one set to undefined is left out, as the checks take it, so the default
 * fills it instead of a spread overwriting the default with undefined.
 */
function givenFields(rule: CitationRule | undefined): CitationRule {
  return Object.fromEntries(Object.entries(rule ?? {}).filter(([, v]) => v !== undefined));
}

/**
 * A canonical text of what a policy stores: each rule's `offload` and `type` (the default's, then each tool's by
 * name); two policies that offload and type every result alike give the same text (`keepTurns` does not count).
 * Checks the policy as {@link resolveCitationPolicy} does.
 */
export function citationPolicyKey(policy: CitationPolicy = {}): string {
  const rule = resolveCitationPolicy(policy);
  const stored = ({ offload, type }: ResolvedCitationRule) => [offload, type];
  const names = Object.keys(policy.tools ?? {}).sort();
  return JSON.stringify([
    stored({ ...fallback, ...givenFields(policy.default) }),
    names.map((name) => [name, stored(rule(name))]),
  ]);
}

/** Whether a result of `tokens` tokens is offloaded under `rule`. */
export function shouldOffload(rule: ResolvedCitationRule, tokens: number): boolean {
  return rule.offload === 'always' || (rule.offload !== 'never' && tokens > rule.offload.overTokens);
}
