import type { ModelMessage } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import {
  checkClassOptions,
  LogBackedMemory,
  type MemoryLogOptions,
  memoryLogKeys,
} from '../memory/log-backed-memory.ts';
import { stripExtras } from '../messages/to-model-message.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';
import type { ContextView } from './context-view.ts';
import {
  createSlidingWindowMemory,
  type SlidingWindowView,
  type SlidingWindowViewOptions,
} from './sliding-window-memory.ts';
import {
  createSummarizingMemory,
  type SummarizingView,
  type SummarizingViewOptions,
} from './summarizing-memory.ts';
import { summaryContent } from './summary-message.ts';
import {
  createTokenWindowMemory,
  type TokenWindowView,
  type TokenWindowViewOptions,
} from './token-window-memory.ts';

/**
 * Seed 000's `SlidingWindowMemory`, as the seed constructs it: `read()` returns at most `windowSize` of the
 * newest messages (system messages kept and counted), exactly as stored. Unlike the seed's `slice(-windowSize)`
 * it never starts on a tool result whose call it cut off: the window may hold a few fewer messages instead. Like
 * the seed's, the window may start with the assistant (`startOn` defaults to `'any'` here); `startOn: 'user'` has
 * it start with a user message, as Bedrock's Converse and Gemini require. It is {@link createSlidingWindowMemory}'s view over
 * {@link LogBackedMemory.conversation}.
 * @example
 * const memory = new SlidingWindowMemory(previousMessages, 30);
 * await memory.store({ role: 'user', content: 'Hi' });
 * const messages = await memory.read(); // ≤ 30 messages, tool pairs whole
 */
export class SlidingWindowMemory extends LogBackedMemory implements ContextView<ModelMessage> {
  /** The view `read()` returns (messages with engram's ids and times). */
  readonly view: SlidingWindowView;

  constructor(
    messages: readonly ModelMessage[] = [],
    windowSize = 30,
    options: MemoryLogOptions & Pick<SlidingWindowViewOptions, 'startOn'> = {},
  ) {
    const { startOn = 'any', ...log } = checkClassOptions(
      options,
      { ...memoryLogKeys, startOn: true },
      'new SlidingWindowMemory',
      'views',
    );
    super(messages, log);
    this.view = createSlidingWindowMemory({ conversation: this.conversation, windowSize, startOn });
  }

  /** The newest whole units that fit `windowSize`, with every system message, as stored. */
  override async read(): Promise<ModelMessage[]> {
    return (await this.whenOpen(() => this.view.read())).map(stripExtras);
  }

  /** What the last `read()` sent, by source, and what it left out (the view's). */
  lastAssembly(): ContextAssembly | undefined {
    return this.view.lastAssembly();
  }
}

/** engram's extras for {@link TokenWindowMemory}: the view's options and where the log lives. */
export interface TokenWindowMemoryOptions
  extends MemoryLogOptions,
    Pick<TokenWindowViewOptions, 'reserveTokens' | 'overflow' | 'prune' | 'startOn'> {}

/**
 * A token-budgeted `Memory` in seed 000's style: `read()` returns every system message and the newest whole
 * units that fit `maxTokens - reserveTokens` (each message counted once, when stored), exactly as stored; an
 * oversized newest tool result is truncated with a marker (see {@link createTokenWindowMemory}).
 * @example
 * const memory = new TokenWindowMemory(previousMessages, 100_000);
 * const messages = await memory.read();
 */
export class TokenWindowMemory extends LogBackedMemory implements ContextView<ModelMessage> {
  /** The view `read()` returns; `view.lastStats()` has the figures of the last read. */
  readonly view: TokenWindowView;

  constructor(
    messages: readonly ModelMessage[] = [],
    maxTokens: number,
    options: TokenWindowMemoryOptions = {},
  ) {
    const { reserveTokens, overflow, prune, startOn, ...log } = checkClassOptions(
      options,
      { ...memoryLogKeys, reserveTokens: true, overflow: true, prune: true, startOn: true },
      'new TokenWindowMemory',
      'views',
    );
    super(messages, log);
    this.view = createTokenWindowMemory({
      conversation: this.conversation,
      maxTokens,
      ...(reserveTokens === undefined ? {} : { reserveTokens }),
      ...(overflow === undefined ? {} : { overflow }),
      ...(prune === undefined ? {} : { prune }),
      ...(startOn === undefined ? {} : { startOn }),
    });
  }

  /** The newest whole units that fit the budget, with every system message, as stored. */
  override async read(): Promise<ModelMessage[]> {
    return (await this.whenOpen(() => this.view.read())).map(stripExtras);
  }

  /** What the last `read()` sent, by source, and what it left out (the view's). */
  lastAssembly(): ContextAssembly | undefined {
    return this.view.lastAssembly();
  }
}

/** The options of {@link SummarizingMemory}: seed 000's two, then engram's extras. */
export interface SummarizingMemoryOptions
  extends MemoryLogOptions,
    Pick<SummarizingViewOptions, 'maxTokens' | 'step' | 'summaryRole' | 'prune'> {
  /** Summarize when the context would hold more messages than this (the summary counts as one). @default 20 */
  maxMessages?: number;
  /**
   * Seed 000's summarizer: returns a summary of `messages`. From the second summary on, `messages` starts with
   * the previous summary as a user message `[Summary of earlier conversation: …]`, followed only by the
   * messages it does not cover yet, so each call folds new messages into the running summary.
   */
  summarizer: (messages: ModelMessage[]) => Promise<string>;
  /** The newest messages kept verbatim after a summary, rounded up to whole units. @default ceil(maxMessages / 2) */
  keepRecent?: number;
}

/** Every key of {@link SummarizingMemoryOptions}. */
const summarizingKeys: Record<keyof SummarizingMemoryOptions, true> = {
  ...memoryLogKeys,
  maxMessages: true,
  summarizer: true,
  keepRecent: true,
  maxTokens: true,
  step: true,
  summaryRole: true,
  prune: true,
};

/**
 * Seed 000's `SummarizingMemory`, as the seed constructs it, without its flaw: the seed calls the summarizer
 * over all older messages on every `read()`; this one summarizes only when the context would exceed
 * `maxMessages`, folds just the newly covered messages into the previous summary, and stores the summary beside
 * the log, so reads in between (and a reopened durable session) cost no summarizer call. After a summary the
 * context holds the summary and the `keepRecent` newest messages; it grows back to `maxMessages` before the next
 * summary. It is {@link createSummarizingMemory}'s view over {@link LogBackedMemory.conversation}.
 * @example
 * const memory = new SummarizingMemory(previousMessages, {
 *   maxMessages: 20,
 *   summarizer: async (messages) => (await generateText({ model, prompt: `Summarize:\n${JSON.stringify(messages)}` })).text,
 * });
 */
export class SummarizingMemory extends LogBackedMemory implements ContextView<ModelMessage> {
  /** The view `read()` returns; `view.summary()` is the current summary record. */
  readonly view: SummarizingView;

  constructor(messages: readonly ModelMessage[] = [], options: SummarizingMemoryOptions) {
    // Keys checked (and each read once, so a throwing getter is a typed error) before `summarizer` is read.
    if (typeof options === 'object' && options !== null)
      checkClassOptions(options, summarizingKeys, 'new SummarizingMemory', 'views');
    if (typeof options?.summarizer !== 'function') {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'views',
        message: 'SummarizingMemory: options.summarizer must be a function (messages) => Promise<string>',
      });
    }
    const { maxMessages = 20, maxTokens, summarizer, keepRecent, step, summaryRole, prune, ...log } = options;
    super(messages, log);
    this.view = createSummarizingMemory({
      conversation: this.conversation,
      maxMessages,
      keepRecent: keepRecent ?? Math.ceil(maxMessages / 2),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(step === undefined ? {} : { step }),
      ...(summaryRole === undefined ? {} : { summaryRole }),
      ...(prune === undefined ? {} : { prune }),
      summarizer: ({ previousSummary, messages: covered }) =>
        summarizer([
          ...(previousSummary === undefined
            ? []
            : [{ role: 'user' as const, content: summaryContent(previousSummary) }]),
          ...covered.map(stripExtras),
        ]),
    });
  }

  /** The summary (when there is one) and the messages after it, as stored. */
  override async read(): Promise<ModelMessage[]> {
    return (await this.whenOpen(() => this.view.read())).map(stripExtras);
  }

  /** With `summaryRole: 'instructions'`, the summary text for the AI SDK `instructions` option (the view's). */
  instructions(): Promise<string | undefined> {
    return this.whenOpen(() => this.view.instructions());
  }

  /** What the last `read()` sent, by source, and what it left out (the view's). */
  lastAssembly(): ContextAssembly | undefined {
    return this.view.lastAssembly();
  }
}
