import { MemoryError } from './memory-error.ts';

/**
 * A value a store would not read back identical (NaN, -0, a BigInt, a Map, a function, nesting over the limit,
 * …), or an id or count that breaks the store's rules; `path` names where, from the argument's root
 * (`state.items[3].score`, `metadata.tags`).
 */
export class InvalidValueError extends MemoryError {
  /** Where the value breaks the rule: the argument's name, then keys and indexes. */
  readonly path: string;
  /** What is wrong there. */
  readonly problem: string;

  constructor(options: { path: string; problem: string; component?: string }) {
    super({
      code: 'INVALID_ARGUMENT',
      component: options.component,
      message: `${options.path}: ${options.problem}`,
    });
    this.name = 'InvalidValueError';
    this.path = options.path;
    this.problem = options.problem;
  }
}
