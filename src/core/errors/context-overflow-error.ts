import { MemoryError } from './memory-error.ts';

/** The parts of a context that must be kept (system messages, the newest unit) do not fit the token budget. */
export class ContextOverflowError extends MemoryError {
  /** Tokens the kept messages need. */
  readonly requiredTokens: number;
  /** Tokens the budget allows. */
  readonly budgetTokens: number;

  constructor(options: { requiredTokens: number; budgetTokens: number; detail: string }) {
    super({
      code: 'CONTEXT_OVERFLOW',
      component: 'views',
      message: `${options.detail}: needs ${options.requiredTokens} tokens, budget is ${options.budgetTokens}`,
    });
    this.name = 'ContextOverflowError';
    this.requiredTokens = options.requiredTokens;
    this.budgetTokens = options.budgetTokens;
  }
}
