import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import { type CitationPolicy, resolveCitationPolicy, shouldOffload } from './citation-policy.ts';
import type { ContentItem } from './content-item.ts';
import type { ContentStore } from './create-content-store.ts';
import { contentDigest, prepareContentItem } from './prepare-content-item.ts';

type ToolPart = Extract<Exclude<MemoryMessage['content'], string>[number], { type: 'tool-result' }>;
type CitableOutput = Extract<ToolPart['output'], { type: 'text' | 'json' | 'error-text' | 'error-json' }>;

/** Figures of one citation pass. */
export interface CitationStats {
  /** Tool results shown as citations. */
  cited: number;
  /** Offloaded tool results still shown in full (within their `keepTurns`). */
  fullFirstUse: number;
  /** Tokens the citations saved (full minus cited, counted). */
  savedTokens: number;
}

/** What {@link createToolResultCiter} needs. */
export interface ToolResultCiterOptions {
  /** Where offloaded results go. */
  content: ContentStore;
  /** Which results are offloaded and how long they stay in full. @default see `CitationPolicy` */
  policy?: CitationPolicy;
  /** Names the log, so item ids of two sessions never collide (the session id). */
  logKey: string;
  /** Longest summary in a citation, in characters. @default 240 */
  summaryChars?: number;
}

/** Turns a log into what the model sees: offloaded tool results in full on first use, then as citations. */
export interface ToolResultCiter {
  /**
   * The messages of `entries` (a whole log, oldest first), with the output of every offloaded tool result
   * replaced by a citation once `keepTurns` assistant messages follow it, and the token count of each message
   * (cached counts where nothing changed). Stores each offloaded result in the content store once (idempotent,
   * id derived from the log, message and tool call), so the same log always gives the same view.
   */
  cite(
    entries: readonly LogEntry[],
  ): Promise<{ messages: MemoryMessage[]; tokens: number[]; stats: CitationStats }>;
  /** The content item id that holds (or will hold) a tool result. */
  itemId(messageId: string, toolCallId: string): string;
  /**
   * Stores one tool result (idempotent) and returns its citation, whatever the policy says; undefined for an
   * output no item can hold (a file or media output, a tool name breaking the id rule, an oversized payload).
   */
  citeResult(entry: LogEntry, part: ToolResultPart, type?: string): Promise<string | undefined>;
  /** The tokens of a result's output, counted once. */
  outputTokens(entry: LogEntry, part: ToolResultPart): number;
}

/** A tool-result part of a message. */
export type ToolResultPart = ToolPart;

const citable = (o: ToolPart['output']): o is CitableOutput =>
  o.type === 'text' || o.type === 'json' || o.type === 'error-text' || o.type === 'error-json';
const serialized = (o: CitableOutput) => toolOutputText(o);
const format = (n: number) => n.toLocaleString('en-US');

/** The citation text a model sees in place of an offloaded result. */
export function citationText(
  item: { id: string; size: number; tokens: number },
  toolName: string,
  summary: string,
): string {
  const head = `[engram: ${toolName} result stored as content item "${item.id}" (${format(item.size)} bytes, ${format(item.tokens)} tokens); read it with retrieve_from_memory]`;
  const body = summary.trim();
  return body ? `${head}\n${body}` : head;
}

/** Creates the first-use-then-citation transformation over a log (seed 004). */
export function createToolResultCiter(options: ToolResultCiterOptions): ToolResultCiter {
  const { content, logKey } = options;
  const rule = resolveCitationPolicy(options.policy);
  const counter = content.counter;
  const summaryChars = options.summaryChars ?? 240;
  const outputCounts = new Map<string, number>();
  const countOutput = (entry: LogEntry, part: ToolPart): number => {
    const key = `${entry.seq}:${part.toolCallId}`;
    let n = outputCounts.get(key);
    if (n === undefined) {
      n = citable(part.output) ? counter.countText(serialized(part.output)) : 0;
      outputCounts.set(key, n);
    }
    return n;
  };
  const citations = new Map<string, string>();
  const messageCache = new Map<string, { message: MemoryMessage; tokens: number }>();

  const itemId = (messageId: string, toolCallId: string) => {
    checkId(messageId, 'itemId(messageId)', 'content');
    if (typeof toolCallId !== 'string')
      throw new InvalidValueError({
        path: 'toolCallId',
        problem: `expected a string, got ${describeValue(toolCallId)}`,
        component: 'content',
      });
    return `tr_${contentDigest(`${logKey}\u0000${messageId}\u0000${toolCallId}`).slice(0, 24)}`;
  };

  /** Stores the result once and returns its citation (cached; the summary is kept in the item's metadata). */
  const citationFor = async (
    entry: LogEntry,
    part: ToolPart,
    output: CitableOutput,
    type: string,
  ): Promise<string | undefined> => {
    const id = itemId(entry.message.id, part.toolCallId);
    const cached = citations.get(id);
    if (cached) return cached;
    const existing = await content.items.getItemInfo(content.scope, content.space, id);
    let info = existing;
    if (!info) {
      const base = {
        id,
        type,
        source: part.toolName,
        format:
          output.type === 'text' || output.type === 'error-text' ? ('text' as const) : ('json' as const),
        content: output.value as string | JSONValue,
        timestamp: entry.message.createdAt,
        tags: ['tool-result', part.toolName, ...(output.type.startsWith('error') ? ['error'] : [])],
        metadata: { messageId: entry.message.id, toolCallId: part.toolCallId, log: logKey } as Record<
          string,
          JSONValue
        >,
      };
      let prepared: ContentItem;
      try {
        prepared = prepareContentItem(base, {
          counter,
          clock: { now: () => entry.message.createdAt },
          component: 'content',
        });
      } catch (error) {
        // A result no content item can hold (a tool name breaking the id rule, a payload over the size limit)
        // stays in full in the view.
        if (MemoryError.isInstance(error)) return undefined;
        throw error;
      }
      const summary = await content.compact(prepared, { maxChars: summaryChars });
      prepared.metadata = { ...prepared.metadata, summary: summary.text, compactor: summary.compactor };
      try {
        info = await content.items.putItem(content.scope, content.space, prepared);
      } catch (error) {
        // Another writer stored it first (with its own summary): use theirs.
        if (!MemoryError.hasCode(error, 'INVALID_ARGUMENT')) throw error;
        info = await content.items.getItemInfo(content.scope, content.space, id);
        if (!info) throw error;
      }
    }
    const summary = typeof info.metadata.summary === 'string' ? info.metadata.summary : '';
    const text = citationText(info, part.toolName, summary);
    citations.set(id, text);
    return text;
  };

  return {
    itemId,
    outputTokens: countOutput,
    async citeResult(entry, part, type = 'action_result') {
      return citable(part.output) ? citationFor(entry, part, part.output, type) : undefined;
    },
    async cite(entries) {
      const stats: CitationStats = { cited: 0, fullFirstUse: 0, savedTokens: 0 };
      const messages: MemoryMessage[] = new Array(entries.length);
      const tokens: number[] = new Array(entries.length);
      let assistantsAfter = 0;
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!;
        const message = entry.message;
        messages[i] = message;
        tokens[i] = entry.tokens;
        if (message.role === 'assistant') assistantsAfter++;
        if (message.role !== 'tool' || typeof message.content === 'string') continue;
        const replaced = new Map<number, CitableOutput>();
        for (const [j, part] of message.content.entries()) {
          if (part.type !== 'tool-result' || !citable(part.output)) continue;
          const n = countOutput(entry, part);
          const r = rule(part.toolName);
          if (!shouldOffload(r, n)) continue;
          const text = await citationFor(entry, part, part.output, r.type);
          if (text === undefined) continue;
          if (assistantsAfter < r.keepTurns) {
            stats.fullFirstUse++;
            continue;
          }
          stats.cited++;
          replaced.set(j, {
            type: part.output.type.startsWith('error') ? 'error-text' : 'text',
            value: text,
          });
        }
        if (replaced.size === 0) continue;
        const key = `${entry.seq}:${[...replaced.keys()].join(',')}`;
        let hit = messageCache.get(key);
        if (!hit) {
          const content = message.content.map((p, j) => {
            const output = replaced.get(j);
            return output ? { ...(p as ToolPart), output } : p;
          });
          const copy = { ...message, content } as MemoryMessage;
          hit = { message: copy, tokens: counter.count(copy) };
          messageCache.set(key, hit);
        }
        messages[i] = hit.message;
        tokens[i] = hit.tokens;
        stats.savedTokens += Math.max(0, entry.tokens - hit.tokens);
      }
      return { messages, tokens, stats };
    },
  };
}
