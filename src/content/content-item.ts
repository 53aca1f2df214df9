import type { JSONValue } from 'ai';

/**
 * What kind of content an item holds. The seed's four kinds are named; any other non-empty id-like string is
 * accepted (`search_results`, `file`, …), so users can add their own without a cast.
 */
export type ContentItemType = 'action_result' | 'web_content' | 'database_result' | 'custom' | (string & {});

/** How an item's content is held: `text` (a string) or `json` (any JSON value, a string included). */
export type ContentFormat = 'text' | 'json';

/** An item to store: seed 004's `MemoryItem` without its id (generated when missing) and computed metadata. */
export interface ContentItemInput {
  /** The item's id; generated (`cnt_…`) when missing. Follows the id rule (`isValidId`). */
  id?: string;
  /** What it is. */
  type: ContentItemType;
  /** The content: a string is stored as text, anything else as JSON (it must be a JSON value). */
  content: string | JSONValue;
  /** Force the format; a string under `json` is kept as a JSON string. @default 'text' for a string, else 'json' */
  format?: ContentFormat;
  /** Where it came from: the tool or action name, a URL, `user`. */
  source: string;
  /** When it was produced. @default now (the store's clock) */
  timestamp?: Date;
  /** Labels for `query` (each follows the id rule; repeats are dropped). @default [] */
  tags?: readonly string[];
  /** Ids of related items (not checked for existence). @default [] */
  relatedTo?: readonly string[];
  /** Free-form JSON (a plain object). @default {} */
  metadata?: Record<string, JSONValue>;
}

/** Everything about a stored item except its content: what `query` returns and citations show. */
export interface ContentItemInfo {
  /** Unique within its store space. */
  id: string;
  /** What it is. */
  type: ContentItemType;
  /** How its content is held. */
  format: ContentFormat;
  /** Where it came from. */
  source: string;
  /** When it was produced. */
  timestamp: Date;
  /** Size of the content in UTF-8 bytes (the text, or the JSON serialization). */
  size: number;
  /** Token count of the content (the text, or the JSON serialization), with the store's counter. */
  tokens: number;
  /** SHA-256 of the serialized content, hex: equal digests mean equal content. */
  digest: string;
  /** Labels. */
  tags: string[];
  /** Ids of related items. */
  relatedTo: string[];
  /** Free-form JSON. */
  metadata: Record<string, JSONValue>;
}

/** A stored item: its info and its content. */
export interface ContentItem extends ContentItemInfo {
  /** The content: a string for `text`, a JSON value for `json`. */
  content: string | JSONValue;
}
