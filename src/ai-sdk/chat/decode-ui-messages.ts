import type { UIMessage } from 'ai';
import type { MemoryMessage } from '../../core/message.ts';
import { decodeModelEntries } from './decode-model-entries.ts';
import { refValue, type StoredHead, storedHeadSchema, storedTailSchema, uiKey } from './stored-ui-message.ts';

/** One UI message of a chat as its log holds it. */
export interface StoredChatMessage<M extends UIMessage = UIMessage> {
  /** The UI message, as appended. */
  message: M;
  /** Whether it was cut short: the client disconnected while it streamed, and what was generated was kept. */
  incomplete: boolean;
  /** The ids of the log entries that hold it (its model side), to find it in a view's output. */
  entryIds: string[];
}

/** A UI message with its stored version. */
export interface DecodedChatMessage<M extends UIMessage = UIMessage> extends StoredChatMessage<M> {
  /** The stored version (0 unless the message was continued, edited or regenerated). */
  revision: number;
}

/** {@link decodeChatLog} without the versions. */
export function decodeUIMessages<M extends UIMessage>(
  log: readonly MemoryMessage[],
  stopped?: ReadonlySet<string>,
): StoredChatMessage<M>[] {
  return decodeChatLog<M>(log, stopped).map(({ revision: _, ...stored }) => stored);
}

/**
 * The UI messages a chat's log holds, in order: each rebuilt from its first entry's `metadata.ui`, with the
 * referenced fields read back from the model side. What was deleted from the log is gone from the chat too: a
 * UI message whose first entry was deleted is left out, and a part whose referenced value was deleted with a
 * later entry is left out of its message. A newer version of a message (a continued reply, an edited or
 * regenerated message) supersedes the older one and every message after it. Entries the chat did not write (no `metadata.ui`: stored by `agent()`, `withMemory` or
 * `memory.store`) become UI messages too, as {@link decodeModelEntries} says (a reply holding an entry of
 * `stopped`, the ids `stoppedEntryIds` gives, is incomplete).
 */
export function decodeChatLog<M extends UIMessage>(
  log: readonly MemoryMessage[],
  stopped?: ReadonlySet<string>,
): DecodedChatMessage<M>[] {
  const out: DecodedChatMessage<M>[] = [];
  const at = new Map<string, number>();
  let open: { head: StoredHead; entries: (MemoryMessage | undefined)[] } | undefined;
  let foreign: MemoryMessage[] = [];
  const close = () => {
    for (const { message, entryIds, incomplete } of decodeModelEntries(foreign, stopped))
      out.push({ message: message as M, incomplete, revision: 0, entryIds });
    foreign = [];
    if (!open) return;
    const decoded = rebuild<M>(open.head, open.entries);
    const earlier = at.get(decoded.message.id);
    // A newer version supersedes an older one left behind and every message after it (the chat was rewound to it,
    // or its last message updated: the old entries are deleted after the new ones are stored).
    if (earlier !== undefined && out[earlier]!.revision < decoded.revision) {
      for (const later of out.splice(earlier)) at.delete(later.message.id);
      at.set(decoded.message.id, out.push(decoded) - 1);
    } else if (earlier === undefined) at.set(decoded.message.id, out.push(decoded) - 1);
    open = undefined;
  };
  for (const entry of log) {
    const stored = entry.metadata?.[uiKey];
    const head = storedHeadSchema.safeParse(stored);
    if (head.success) {
      close();
      open = { head: head.data, entries: [entry] };
      continue;
    }
    const tail = storedTailSchema.safeParse(stored);
    if (!tail.success) {
      // Not the chat's: a run of such entries becomes UI messages of its own.
      if (open) close();
      foreign.push(entry);
      continue;
    }
    // A later entry of a UI message whose first entry was deleted is gone with it.
    if (open && tail.data.of === open.head.message.id) open.entries[tail.data.index] = entry;
  }
  close();
  return out;
}

function rebuild<M extends UIMessage>(
  head: StoredHead,
  entries: readonly (MemoryMessage | undefined)[],
): DecodedChatMessage<M> {
  const parts = [...head.message.parts];
  const lost = new Set<number>();
  for (const [index, key, entry, content] of head.refs ?? []) {
    const value = refValue(entries[entry], content, key);
    if (value === undefined) lost.add(index);
    else parts[index] = { ...parts[index]!, [key]: value };
  }
  const message: UIMessage = { ...head.message, parts: parts.filter((_, i) => !lost.has(i)) };
  return {
    message: message as M,
    incomplete: head.incomplete === true,
    revision: head.revision ?? 0,
    entryIds: entries.flatMap((e) => (e ? [e.id] : [])),
  };
}
