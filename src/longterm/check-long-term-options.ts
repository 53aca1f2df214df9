import {
  checkArray,
  checkBoolean,
  checkChoice,
  checkFunction,
  checkInteger,
  checkKnownKeys,
  checkMethods,
  checkNestedKeys,
  checkOptionalInteger,
  checkOptions,
} from '../core/check-options.ts';
import { type Clock, checkClock, systemClock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { checkRankingOptions, rankingOptionKeys } from './hybrid-search.ts';
import type { LongTermMemoryOptions } from './long-term-memory-options.ts';

const where = 'createLongTermMemory(options)';

/** Every option of `createLongTermMemory`: any other key is refused (a misspelling). */
const knownOptions: Record<keyof LongTermMemoryOptions, true> = {
  ...rankingOptionKeys,
  store: true,
  scope: true,
  session: true,
  recording: true,
  episodes: true,
  roles: true,
  neighbours: true,
  embedding: true,
  selfFacts: true,
  extractor: true,
  maxFactsPerRun: true,
  limit: true,
  counter: true,
  clock: true,
  keepOut: true,
  onError: true,
};

const recordedRoles = ['user', 'assistant', 'tool', 'system'] as const;

/**
 * Checks the options of `createLongTermMemory` when it is called (all but `scope`, `store` and `embedding`, which
 * it checks as it uses them): any other key, and a value of the wrong type or out of range, is `INVALID_ARGUMENT`
 * naming it (`createLongTermMemory(options).roles[1]`). A wrong value was taken before and showed later, or never:
 * `recording: 'fact'` recorded turns only, `roles: 'user'` recorded nothing, `limit: 500` failed every search.
 */
export function checkLongTermOptions(options: LongTermMemoryOptions, component: string): void {
  checkOptions(options, 'createLongTermMemory', component);
  checkKnownKeys(options, knownOptions, 'createLongTermMemory', component);
  checkNestedKeys(options.keepOut, { toolDerived: true, agentRecorded: true }, `${where}.keepOut`, component);
  // A wrong value ('yes', true) is truthy: recall would leave the text out while writes still kept it.
  for (const key of ['toolDerived', 'agentRecorded'] as const)
    checkChoice(options.keepOut?.[key], ['recall', 'memory'], `${where}.keepOut.${key}`, component, 'recall');
  checkRankingOptions(options, where, component);
  const recording = checkChoice(
    options.recording,
    ['turns', 'facts', 'none'],
    `${where}.recording`,
    component,
    'turns',
  );
  if (options.extractor !== undefined)
    checkMethods(options.extractor, `${where}.extractor`, component, ['extract']);
  if (recording === 'facts' && !options.extractor)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: "recording 'facts' needs an extractor",
    });
  checkBoolean(options.selfFacts, `${where}.selfFacts`, component, true);
  checkBoolean(options.episodes, `${where}.episodes`, component, true);
  if (options.session !== undefined) checkId(options.session, `${where}.session`, component);
  if (options.roles !== undefined)
    checkArray(options.roles, `${where}.roles`, component).forEach((role, i) => {
      checkChoice(role, recordedRoles, `${where}.roles[${i}]`, component, 'user');
    });
  checkOptionalInteger(options.neighbours, `${where}.neighbours`, component, 0);
  checkOptionalInteger(options.maxFactsPerRun, `${where}.maxFactsPerRun`, component, 1);
  if (options.limit !== undefined && checkInteger(options.limit, `${where}.limit`, component, 1) > 100)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${where}.limit must be an integer from 1 to 100, got ${options.limit}`,
    });
  const { counter } = options;
  if (counter !== undefined && typeof (counter as Partial<TokenCounter> | null)?.countText !== 'function')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${where}: counter must be a TokenCounter`,
    });
  checkClock(options.clock, where, component);
  if (options.onError !== undefined) checkFunction(options.onError, `${where}.onError`, component);
}

/**
 * The memory's clock (the system clock when not given), each `now()` checked: a valid Date, else `INVALID_ARGUMENT`
 * naming `createLongTermMemory(options).clock.now()`. Before, its value went on unchecked and failed where it was
 * used, naming that (`applyChange(last, change, at): at`, a message's `createdAt`, a SQL `NOT NULL` constraint).
 */
export function checkedClock(clock: Clock | undefined, component: string): Clock {
  if (clock === undefined) return systemClock;
  return {
    now() {
      const now: unknown = clock.now();
      if (now instanceof Date && !Number.isNaN(now.getTime())) return now;
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `${where}.clock.now() returned ${now instanceof Date ? 'an Invalid Date' : describeValue(now)}; it must return a valid Date`,
      });
    },
  };
}
