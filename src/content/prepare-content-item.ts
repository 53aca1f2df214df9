import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import { checkKnownKeys, checkMethods, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import type { Clock } from '../core/clock.ts';
import { describeValue, errorText } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { checkId, createId } from '../core/ids.ts';
import { canonicalJson } from '../messages/canonical-json.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { copyJsonValue } from '../messages/json-value.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { checkContentItem, checkItemInfo, defaultMaxContentBytes } from './check-content.ts';
import type { ContentFormat, ContentItem, ContentItemInfo, ContentItemInput } from './content-item.ts';

/**
 * The text form of content: the string of a text item, the JSON serialization of a JSON item. Throws
 * `INVALID_ARGUMENT` for another format, a text item's content that is not a string, or a JSON item's content
 * that has no JSON text (a cycle, a BigInt, `undefined`, …).
 */
export function serializeContent(format: ContentFormat, content: string | JSONValue): string {
  const bad = (problem: string) => new InvalidValueError({ path: 'content', problem, component: 'content' });
  if (format !== 'text' && format !== 'json')
    throw new InvalidValueError({
      path: 'format',
      problem: `expected 'text' or 'json', got ${describeValue(format)}`,
      component: 'content',
    });
  if (format === 'text') {
    if (typeof content !== 'string')
      throw bad(`expected a string for format 'text', got ${describeValue(content)}`);
    return content;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(content);
  } catch (error) {
    throw new InvalidValueError({
      path: 'content',
      problem: `has no JSON text (${errorText((error as Error)?.message)})`,
      component: 'content',
    });
  }
  if (typeof text !== 'string') throw bad(`has no JSON text, got ${describeValue(content)}`);
  return text;
}

/** The SHA-256 hex digest of serialized content. */
export function contentDigest(serialized: string): string {
  return createHash('sha256').update(serialized, 'utf8').digest('hex');
}

/** What {@link prepareContentItem} needs. */
export interface PrepareContentOptions {
  /** Counts the content's tokens. */
  counter: TokenCounter;
  /** The time of items without a timestamp. */
  clock: Clock;
  /** The error prefix component. */
  component: string;
  /** Largest content accepted, in UTF-8 bytes. @default 64 MiB */
  maxContentBytes?: number;
  /** The serialized content's tokens when the caller counted them with `counter` already. @default counted */
  tokens?: number;
}

const inputKeys = new Set([
  'id',
  'type',
  'content',
  'format',
  'source',
  'timestamp',
  'tags',
  'relatedTo',
  'metadata',
]);

/**
 * Turns an input into a complete, checked item: an id when missing, the format, the size, token count and
 * digest of the serialized content, copies of every value (later changes to the input do not reach the store).
 * Throws a typed error naming the path for bad input; a too large content is `PAYLOAD_TOO_LARGE`, checked
 * before it is counted.
 */
export function prepareContentItem(input: ContentItemInput, options: PrepareContentOptions): ContentItem {
  checkOptions(options, 'prepareContentItem(input, options)', 'content');
  checkKnownKeys(
    options,
    { counter: true, clock: true, component: true, maxContentBytes: true, tokens: true },
    'prepareContentItem',
    'content',
  );
  checkId(options.component, 'prepareContentItem(options): component', 'content');
  checkMethods(options.counter, 'prepareContentItem(options): counter', 'content', ['countText']);
  checkMethods(options.clock, 'prepareContentItem(options): clock', 'content', ['now']);
  checkOptionalInteger(options.maxContentBytes, 'prepareContentItem(options): maxContentBytes', 'content', 0);
  checkOptionalInteger(options.tokens, 'prepareContentItem(options): tokens', 'content', 0);
  const { component } = options;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InvalidValueError({ path: 'item', problem: 'expected an object', component });
  }
  for (const key of Object.keys(input)) {
    if (!inputKeys.has(key) && (input as unknown as Record<string, unknown>)[key] !== undefined) {
      throw new InvalidValueError({ path: `item.${key}`, problem: 'is not a content item field', component });
    }
  }
  // Only a missing id or format takes its default: a null one is refused by the checks below, not replaced.
  const format: ContentFormat =
    input.format === undefined ? (typeof input.content === 'string' ? 'text' : 'json') : input.format;
  if (input.content === undefined)
    throw new InvalidValueError({ path: 'item.content', problem: 'is required', component });
  if (format === 'json') checkJsonValue(input.content, 'item.content', component);
  if (format === 'text' && typeof input.content !== 'string') {
    throw new InvalidValueError({
      path: 'item.content',
      problem: "expected a string for format 'text'",
      component,
    });
  }
  const serialized = serializeContent(format, input.content);
  const size = Buffer.byteLength(serialized, 'utf8');
  const max = options.maxContentBytes ?? defaultMaxContentBytes;
  const item: ContentItem = {
    id: input.id === undefined ? createId('cnt') : input.id,
    type: input.type,
    format,
    source: input.source,
    timestamp:
      input.timestamp === undefined
        ? options.clock.now()
        : new Date(input.timestamp instanceof Date ? input.timestamp.getTime() : Number.NaN),
    size,
    tokens: 0,
    digest: '0'.repeat(64),
    tags: distinctIds(input.tags),
    relatedTo: distinctIds(input.relatedTo),
    metadata: input.metadata === undefined ? {} : input.metadata,
    content: input.content,
  };
  checkContentItem(item, component, max); // everything but the computed fields, before the expensive work
  item.tokens = options.tokens ?? options.counter.countText(serialized);
  item.digest = contentDigest(serialized);
  item.metadata = copyJsonValue(item.metadata);
  if (format === 'json') item.content = copyJsonValue(input.content);
  return item;
}

/** An id list of an input: [] when missing, its distinct ids, or anything else as given (null too) for the check to refuse. */
const distinctIds = (ids: readonly string[] | undefined): string[] =>
  ids === undefined ? [] : Array.isArray(ids) ? [...new Set(ids)] : (ids as unknown as string[]);

/** The info part of an item (a copy without its content). */
export function itemInfo(item: ContentItem): ContentItemInfo {
  checkItemInfo(item, 'content');
  const { content: _content, ...info } = item;
  return {
    ...info,
    timestamp: new Date(info.timestamp.getTime()),
    tags: [...info.tags],
    relatedTo: [...info.relatedTo],
    metadata: copyJsonValue(info.metadata),
  };
}

/** Whether two items are the same for an idempotent `putItem` (digest, type, format, source, tags, relatedTo, metadata). */
export function sameContentItem(a: ContentItemInfo, b: ContentItemInfo): boolean {
  checkItemInfo(a, 'content');
  checkItemInfo(b, 'content');
  return (
    a.digest === b.digest &&
    a.type === b.type &&
    a.format === b.format &&
    a.source === b.source &&
    JSON.stringify(a.tags) === JSON.stringify(b.tags) &&
    JSON.stringify(a.relatedTo) === JSON.stringify(b.relatedTo) &&
    canonicalJson(a.metadata) === canonicalJson(b.metadata)
  );
}
