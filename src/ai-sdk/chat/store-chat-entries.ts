import { describeValue } from '../../core/errors/describe-value.ts';
import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { versionOf } from './chat-versions.ts';
import type { ChatEntry } from './encode-ui-message.ts';
import { storedTailSchema, uiKey } from './stored-ui-message.ts';

/** The UI message an entry of a chat belongs to (its first entry's or a further one's), or undefined. */
function uiMessageOf(entry: ChatEntry): { uiId: string; revision: number } | undefined {
  const head = versionOf(entry);
  if (head) return head;
  const tail = storedTailSchema.safeParse(entry.metadata[uiKey]);
  return tail.success ? { uiId: tail.data.of, revision: 0 } : undefined;
}

/**
 * Stores a chat's entries in one atomic append through `write` (the chat's log or view; `what` names the call, as
 * `append(chatId, messages)`). The versions
 * of its UI messages were chosen from the entry ids the chat held when it was read, so an id the store finds taken
 * was taken since, by another write to the chat at the same time; nothing of the append is stored then, and the
 * error says so in the caller's words, never with an entry id of engram's own:
 * - a new version of a message (an edit, a regenerate, a continued reply) that another write also made: `CONFLICT`
 *   naming the UI message (the chat changed meanwhile: read it again);
 * - a message the chat did not hold, stored meanwhile by another write: `DUPLICATE_MESSAGE_ID` naming the UI message,
 *   as when the chat held it already.
 */
export async function storeChatEntries<T>(
  entries: readonly ChatEntry[],
  what: string,
  write: (entries: readonly ChatEntry[]) => Promise<T>,
): Promise<T> {
  try {
    return await write(entries);
  } catch (error) {
    if (!(error instanceof DuplicateMessageIdError)) throw error;
    const entry = entries.find((e) => e.id === error.messageId);
    const ui = entry && uiMessageOf(entry);
    if (!ui) throw error;
    if (ui.revision > 0)
      throw new MemoryError({
        code: 'CONFLICT',
        component: 'chat',
        message: `${what}: message ${describeValue(ui.uiId)} was changed by another write at the same time (an edit, a regenerate or a continued reply); nothing was stored: read the chat again`,
        cause: error,
      });
    throw new DuplicateMessageIdError({ messageId: ui.uiId, component: 'chat' });
  }
}
