import { describeValue } from '../core/errors/describe-value.ts';
import { invalidTokensArgument } from './invalid-argument.ts';

/**
 * The fixed costs a counter adds on top of text tokens. Defaults follow OpenAI's chat format
 * (cookbook "How to count tokens") and vision pricing; other providers differ, so all are configurable.
 */
export interface MessageCosts {
  /**
   * Chat-format overhead of every message (`<|start|>`, role separator, `<|end|>`), role name excluded.
   * @default 3
   */
  perMessage: number;
  /**
   * Extra tokens when a message carries a `name` (or agent attribution), on top of the name's own text.
   * @default 1
   */
  perName: number;
  /**
   * Tokens of one image. OpenAI bills a low-detail image 85 tokens and a high-detail one 85 + 170 per
   * 512px tile; the default is a 1024×1024 high-detail image (4 tiles). Use 85 for `detail: 'low'`.
   * @default 765
   */
  imageTokens: number;
  /**
   * Tokens of a non-text file (PDF, audio, a URL or provider reference whose size is unknown).
   * Roughly one PDF page: Anthropic documents 1,500–3,000 tokens per page (text plus page image).
   * Files whose data is text are counted from their text instead.
   * @default 1500
   */
  fileTokens: number;
  /**
   * Tokens of a tool-approval request or response (ids and a flag), plus its `reason` text if any.
   * @default 4
   */
  approvalTokens: number;
}

/** Every role name (system, user, assistant, tool) is one token in o200k_base and cl100k_base. */
export const ROLE_TOKENS = 1;

/** The default costs: OpenAI's chat overhead and vision pricing. */
export const DEFAULT_MESSAGE_COSTS: Readonly<MessageCosts> = Object.freeze({
  perMessage: 3,
  perName: 1,
  imageTokens: 765,
  fileTokens: 1500,
  approvalTokens: 4,
});

/** Options a counter factory accepts to override the fixed costs; see `MessageCosts` for each default. */
export type MessageCostOptions = Partial<MessageCosts>;

/** Every key of {@link MessageCostOptions}: what a counter factory checks its options' keys against, with its own. */
export const messageCostKeys: Record<keyof MessageCostOptions, true> = {
  perMessage: true,
  perName: true,
  imageTokens: true,
  fileTokens: true,
  approvalTokens: true,
};

/** Merges options over the defaults; throws `INVALID_ARGUMENT` for a cost that is not a non-negative finite number. */
export function resolveMessageCosts(options: MessageCostOptions = {}): Readonly<MessageCosts> {
  const costs: MessageCosts = { ...DEFAULT_MESSAGE_COSTS };
  for (const key of Object.keys(DEFAULT_MESSAGE_COSTS) as (keyof MessageCosts)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw invalidTokensArgument(`${key} must be a non-negative finite number, got ${describeValue(value)}`);
    }
    costs[key] = value;
  }
  return Object.freeze(costs);
}
