import type { ToolResultPart as AiToolResultPart } from 'ai';

/** What a tool's `toModelOutput` returns. */
type ToolResultOutput = AiToolResultPart['output'];

import {
  type CitationRule,
  checkCitationRule,
  resolveCitationPolicy,
  shouldOffload,
} from '../content/citation-policy.ts';
import { createToolResultCiter, type ToolResultPart } from '../content/cite-tool-results.ts';
import type { ContentStore } from '../content/create-content-store.ts';
import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import { modelToolOutput } from './ui-tool-result.ts';

/**
 * Options of {@link contentToModelOutput}.
 * @example
 * const options: ContentToModelOutputOptions = { content, toolName: 'web_fetch', rule: { offload: { overTokens: 500 } } };
 */
export interface ContentToModelOutputOptions {
  /** Where large outputs are kept (and read back with `retrieve_from_memory`). */
  content: ContentStore;
  /** The tool's name, as the model knows it (it names the item and the citation). */
  toolName: string;
  /**
   * When an output is offloaded (`keepTurns` is taken and does not apply here, see below: a rule shared with a
   * view's policy passes); another key, a misspelt `ofload`, is `INVALID_ARGUMENT`. @default { offload: { overTokens: 1000 } }
   */
  rule?: Omit<CitationRule, 'keepTurns'>;
  /** Longest summary in a citation, in characters. @default 240 */
  summaryChars?: number;
}

/** What the AI SDK passes to a tool's `toModelOutput`. */
export interface ToModelOutputInput {
  /** The tool call the output answers. */
  toolCallId: string;
  /** The call's input. */
  input: unknown;
  /** The tool's output. */
  output: unknown;
}

/**
 * A tool's `toModelOutput` that routes large outputs through the content store: seed 004's first use in
 * full, then a citation, with `createCitationMemory`'s citation text (tool, item id, size, a compact summary,
 * `retrieve_from_memory`) and its storing code (idempotent; the summary kept with the item).
 *
 * "First use" is per tool call id and durable: the call that finds no item for the id stores the output and
 * returns it in full; every later call for that id (the item exists) returns the citation. The AI SDK runs
 * `toModelOutput` once per result inside `generateText` / `streamText` (when the step's tool message is
 * built; later steps reuse that message), so within one call the model sees the full output at every later
 * step; the citation appears when the result is converted again: `convertToModelMessages` on the next
 * request of a `useChat` app, or an agent re-running from UI messages. To cite inside one tool loop, keep the
 * log in engram and send `createCitationMemory` through `memoryPrepareStep` instead. Outputs under the
 * rule's threshold are returned as they are and not stored.
 * @example
 * const web_fetch = tool({ inputSchema, execute: fetchPage, toModelOutput: contentToModelOutput({ content, toolName: 'web_fetch' }) });
 */
export function contentToModelOutput(
  options: ContentToModelOutputOptions,
): (input: ToModelOutputInput) => Promise<ToolResultOutput> {
  const { content, toolName } = checkOptions(options);
  const rule = resolveCitationPolicy({ default: { ...options.rule } })(toolName);
  const citer = createToolResultCiter({
    content,
    logKey: 'toModelOutput',
    ...(options.summaryChars === undefined ? {} : { summaryChars: options.summaryChars }),
  });
  /** Results are keyed by tool call id alone: the pseudo message id is the tool's name. */
  const messageId = `tool:${toolName}`;

  return async ({ toolCallId, output }) => {
    if (typeof toolCallId !== 'string' || toolCallId.length === 0) {
      throw invalid('toModelOutput: toolCallId must be a non-empty string');
    }
    const full: ToolResultOutput = modelToolOutput(output);
    const part = { type: 'tool-result', toolCallId, toolName, output: full } as ToolResultPart;
    const entry: LogEntry = {
      seq: 0,
      tokens: 0,
      message: { id: messageId, role: 'tool', content: [part], createdAt: new Date() },
    };
    if (!shouldOffload(rule, citer.outputTokens(entry, part))) return full;
    const id = citer.itemId(messageId, toolCallId);
    const seen = await content.items.getItemInfo(content.scope, content.space, id);
    const citation = await citer.citeResult(entry, part, rule.type);
    // First use (or an output no item can hold): in full. Afterwards: the citation.
    return seen && citation !== undefined ? { type: 'text', value: citation } : full;
  };
}

function checkOptions(options: ContentToModelOutputOptions): ContentToModelOutputOptions {
  const o = options as Partial<ContentToModelOutputOptions> | undefined;
  if (typeof o === 'object' && o !== null)
    checkKnownKeys(
      o,
      { content: true, toolName: true, rule: true, summaryChars: true },
      'contentToModelOutput',
      'ai-sdk',
    );
  if (typeof o?.content?.items?.getItemInfo !== 'function') {
    throw invalid('contentToModelOutput({ content }): content must be a ContentStore (createContentStore)');
  }
  if (typeof o.toolName !== 'string' || o.toolName.length === 0) {
    throw invalid('contentToModelOutput({ toolName }): toolName must be a non-empty string');
  }
  // Every field of a citation rule: a misspelt ofload is refused; keepTurns is taken and does not apply (a rule
  // shared with a view's policy type-checks with it).
  if (o.rule !== undefined)
    checkCitationRule(o.rule, 'contentToModelOutput(options).rule', {
      offload: true,
      keepTurns: true,
      type: true,
    });
  const chars = o.summaryChars;
  if (chars !== undefined && (!Number.isSafeInteger(chars) || chars < 0)) {
    throw invalid(
      `contentToModelOutput({ summaryChars }): must be a non-negative integer, got ${describeValue(chars)}`,
    );
  }
  return options;
}

function invalid(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'ai-sdk', message });
}
