import type { AgentInputItem } from '@openai/agents-core';
import type { JSONValue, ModelMessage } from 'ai';
import { createId } from '../core/ids.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { stripExtras } from '../messages/to-model-message.ts';
import { decodeItem } from './item-codec.ts';
import { itemToMessage, messageToItems } from './item-message.ts';

/** The metadata key under which a message keeps the exact item it was stored for (encoded, see `encodeItem`). */
export const itemKey = 'openai-agents.item';
/**
 * The metadata key of a message written by a history transaction, or by `popItem` splitting a message into its
 * items: `{ id, digest, index, replaces? }` (see `OperationMark`).
 */
export const operationKey = 'openai-agents.operation';

/** What a message written by an operation carries under {@link operationKey}. */
export interface OperationMark {
  /** The operation id: the transaction's, or `popItem:<message id>` for a split. */
  id: string;
  /** The digest of what the operation writes. */
  digest: string;
  /** The message's place among those the operation writes. */
  index: number;
  /** On the operation's first message: the ids of the messages it replaces (a `replace_suffix`'s suffix, the split message). */
  replaces?: string[];
}

/** The ids of the messages a message's operation mark says it replaces (none without a mark). */
export function replacedIds(message: MemoryMessage): readonly string[] {
  const replaces = (message.metadata?.[operationKey] as Partial<OperationMark> | undefined)?.replaces;
  return Array.isArray(replaces) ? replaces : [];
}

/** A conversation memory seen as a list of Agents SDK items: one message per item, the item in its metadata. */
export interface SessionLog {
  /** The log. */
  readonly memory: ConversationMemory;
  /**
   * Appends encoded items in one atomic append, one message each (see `itemToMessage`); ids are generated
   * unless given, and `marks[i]`, when given, is kept under the `openai-agents.operation` metadata key.
   */
  appendEncoded(
    items: readonly JSONValue[],
    ids?: readonly string[],
    marks?: readonly JSONValue[],
  ): Promise<void>;
  /** The items a message stands for: the one it was stored for, or, for a message written through engram's other APIs, its mapping (`messageToItems`). */
  itemsOf(message: MemoryMessage): AgentInputItem[];
}

/** The items of a conversation memory. */
export function createSessionLog(memory: ConversationMemory): SessionLog {
  const stored = (message: MemoryMessage) => message.metadata?.[itemKey];
  return {
    memory,
    async appendEncoded(items, ids, marks) {
      if (items.length === 0) return;
      await memory.append(itemMessages(items, { ...(ids ? { ids } : {}), ...(marks ? { marks } : {}) }));
    },
    itemsOf(message) {
      const encoded = stored(message);
      return encoded === undefined
        ? messageToItems(stripExtras(message))
        : [decodeItem(encoded) as AgentInputItem];
    },
  };
}

/**
 * The messages encoded items are stored as, one each (see `itemToMessage`), the item kept under {@link itemKey}: ids
 * generated unless given, `marks[i]` kept under {@link operationKey} when given, `createdAt` stamped when given.
 */
export function itemMessages(
  items: readonly JSONValue[],
  options: { ids?: readonly string[]; marks?: readonly JSONValue[]; createdAt?: Date },
): (ModelMessage & { id: string; createdAt?: Date; metadata: Record<string, JSONValue> })[] {
  const { ids, marks, createdAt } = options;
  return items.map((encoded, i) => ({
    ...itemToMessage(decodeItem(encoded) as AgentInputItem),
    id: ids?.[i] ?? createId('item'),
    ...(createdAt === undefined ? {} : { createdAt }),
    metadata: {
      [itemKey]: encoded,
      ...(marks?.[i] === undefined ? {} : { [operationKey]: marks[i]! }),
    },
  }));
}
