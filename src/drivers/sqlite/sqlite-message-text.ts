import { deserializeMessage, messageText } from '../../messages/serialize.ts';

/**
 * The SQL function `engram_message_text(body)`: the plain text a message row's body (the stored JSON of the
 * message) is indexed by, `messageText` of the message, or `''` for a body that is not a message (such a row is
 * not searchable; the append path never stores one). Since schema v17 rows no longer store a copy of their text:
 * SQLite's message index takes it from here when a batch indexes a row, a search computes it for the rows not yet
 * indexed, and the tombstone and delete triggers compute it again to remove a row, so `messageText` of a stored
 * message is part of the index's format (changing it needs a migration that reindexes). Every connection engram
 * opens or is given registers it; a connection without it (the `sqlite3` shell) reads the tables but cannot delete
 * messages, search, or append a batch that indexes.
 */
export const messageTextFunction = 'engram_message_text';

/** The implementation of {@link messageTextFunction}: a body's text, `''` for a value that is not a message's JSON. */
export function bodyText(body: unknown): string {
  if (typeof body !== 'string') return '';
  try {
    return messageText(deserializeMessage(body));
  } catch {
    return '';
  }
}

/**
 * SQL: the text the index holds for the message row `r` (`m`, or `old` in a trigger): the row's stored copy where
 * it has one (rows written before schema v17, and their fork copies), else its body's text. Indexing and removing
 * a row both use it, so FTS5's 'delete' always gets the values the row was indexed with.
 */
export const indexedTextSql = (r: string): string =>
  `CASE WHEN ${r}.text <> '' THEN ${r}.text ELSE ${messageTextFunction}(${r}.body) END`;
