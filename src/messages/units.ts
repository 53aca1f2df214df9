import type { ModelMessage } from 'ai';
import { oldestUnit } from './oldest-unit.ts';
import { OpenIds } from './open-ids.ts';
import { UnitItems } from './unit-items.ts';
import { validateMessageInputs } from './validate.ts';

/** What a unit starts with: a system or user message, an assistant turn, or tool output whose call is not in view. */
export type UnitKind = 'system' | 'user' | 'assistant' | 'orphan';

/**
 * An atomic unit (DESIGN.md §2.2): messages that are kept or dropped together. A system message; a user
 * message; an assistant message with the tool results and approval responses that answer its calls, plus
 * reasoning-only assistant messages that precede it. Tool output whose call is not in view is an `orphan`
 * unit, which no view may send.
 */
export interface MessageUnit<T> {
  /** What the unit starts with. */
  kind: UnitKind;
  /** The items (messages or log entries), in order. */
  items: T[];
  /** Sum of the items' token counts (0 when grouping plain messages without a token function). */
  tokens: number;
  /**
   * Tool call ids (and approval ids, prefixed `approval:`) still waiting for an answer, in no specified order. When
   * the unit absorbs later units (a late result) this may become another set object: read it from the unit, do not
   * keep the set. A unit absorbed by another (no longer among the grouper's units) has unspecified `pending`.
   */
  pending: Set<string>;
  /**
   * Set when the unit holds a tool message that also answers an id no earlier grouped item left open (its call
   * is older than the grouped items, or was answered already): grouped with more of the log, the unit could join
   * an older one.
   */
  strays?: true;
}

/** Whether a unit waits for no tool result or approval response. */
export function isUnitComplete(unit: MessageUnit<unknown>): boolean {
  return unit.pending.size === 0;
}

/** Groups items into atomic units incrementally: push items in log order, read `units` at any time. */
export interface UnitGrouper<T> {
  /** Adds the next item in log order. */
  push(item: T): void;
  /** The units so far, oldest first (the live array: do not mutate). */
  readonly units: readonly MessageUnit<T>[];
}

/** Options of {@link createUnitGrouper}. */
export interface UnitGrouperOptions<T> {
  /** Gets the message of an item. */
  message: (item: T) => ModelMessage;
  /** Gets the token count of an item. @default () => 0 */
  tokens?: (item: T) => number;
}

function isReasoningOnly(message: ModelMessage): boolean {
  return (
    message.role === 'assistant' &&
    Array.isArray(message.content) &&
    message.content.length > 0 &&
    message.content.every((p) => p.type === 'reasoning' || p.type === 'reasoning-file')
  );
}

/** The ids a message opens (tool calls needing a result, approval requests needing a response). */
function opened(message: ModelMessage): string[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  const ids: string[] = [];
  const answeredInline = new Set<string>();
  for (const part of message.content) {
    if (part.type === 'tool-result') answeredInline.add(part.toolCallId);
  }
  for (const part of message.content) {
    if (part.type === 'tool-call' && !part.providerExecuted && !answeredInline.has(part.toolCallId)) {
      ids.push(part.toolCallId);
    } else if (part.type === 'tool-approval-request') ids.push(`approval:${part.approvalId}`);
  }
  return ids;
}

/** The ids a tool message answers. */
function answered(message: ModelMessage): string[] {
  if (message.role !== 'tool') return [];
  return message.content.map((part) =>
    part.type === 'tool-result' ? part.toolCallId : `approval:${part.approvalId}`,
  );
}

/**
 * Creates an incremental grouper. Cost per push is O(1) amortised (a tool message's owners are found from the
 * newest unit back), except when a late tool result answers a call of an older unit: then every unit from that
 * one to the newest merges into one (they must be kept or dropped together), in time proportional to the number
 * of units merged, not to their items nor to all their pending ids: the absorbing unit's `items` becomes an accessor
 * of a {@link UnitItems} list, laid out when read, and the ids move as {@link OpenIds} merges them (the smaller
 * `pending` set into the larger; absorbed units forward to the absorbing one). A log of n items and ids costs
 * O(n log n) whatever order its results come in (copying items or ids on each merge made results answered newest
 * first quadratic).
 */
export function createUnitGrouper<T>(options: UnitGrouperOptions<T>): UnitGrouper<T> {
  const units: MessageUnit<T>[] = [];
  const tokensOf = options.tokens ?? (() => 0);
  /** Which unit holds each open id. */
  const openIds = new OpenIds<MessageUnit<T>>();
  let reasoningCarry: MessageUnit<T> | undefined;
  /** The item lists of the units that absorbed others (their `items` reads them); the others hold a plain array. */
  const lists = new Map<MessageUnit<T>, UnitItems<T>>();

  const pushItem = (unit: MessageUnit<T>, item: T): void => {
    const list = lists.get(unit);
    if (list) list.push(item);
    else unit.items.push(item);
  };

  const mergeFrom = (target: MessageUnit<T>): void => {
    const index = units.lastIndexOf(target);
    if (index === units.length - 1) return;
    let list = lists.get(target);
    if (!list) {
      const made = new UnitItems(target.items);
      Object.defineProperty(target, 'items', {
        get: () => made.read(),
        // An assignment replaces the items, as on a unit that absorbed none: later pushes and merges start from it.
        set: (items: T[]) => {
          lists.delete(target);
          Object.defineProperty(target, 'items', {
            value: items,
            writable: true,
            enumerable: true,
            configurable: true,
          });
        },
        enumerable: true,
        configurable: true,
      });
      lists.set(target, made);
      list = made;
    }
    for (const later of units.splice(index + 1)) {
      list.append(lists.get(later) ?? later.items);
      lists.delete(later);
      target.tokens += later.tokens;
      openIds.absorb(target, later);
      if (later.strays) target.strays = true;
    }
  };

  const push = (item: T): void => {
    const message = options.message(item);
    const tokens = tokensOf(item);
    if (message.role === 'tool') {
      const ids = answered(message);
      const owners = ids.map((id) => openIds.owner(id)).filter((u): u is MessageUnit<T> => u !== undefined);
      if (owners.length === 0) {
        units.push({ kind: 'orphan', items: [item], tokens, pending: new Set() });
        return;
      }
      // The oldest owner absorbs everything after it, so the answer joins its call. Owners are searched from the
      // newest unit back (they are almost always the newest): a long log costs no scan from its start.
      const oldest = oldestUnit(units, [...new Set(owners)]);
      mergeFrom(oldest);
      pushItem(oldest, item);
      oldest.tokens += tokens;
      if (owners.length < ids.length) oldest.strays = true;
      for (const id of ids) openIds.close(oldest, id);
      return;
    }
    if (message.role === 'assistant') {
      const carry = reasoningCarry && units[units.length - 1] === reasoningCarry ? reasoningCarry : undefined;
      reasoningCarry = undefined;
      const unit = carry ?? { kind: 'assistant' as const, items: [], tokens: 0, pending: new Set<string>() };
      pushItem(unit, item);
      unit.tokens += tokens;
      for (const id of opened(message)) openIds.open(unit, id);
      if (!carry) units.push(unit);
      if (isReasoningOnly(message)) reasoningCarry = unit;
      return;
    }
    reasoningCarry = undefined;
    units.push({ kind: message.role, items: [item], tokens, pending: new Set() });
  };

  return { push, units };
}

/** Groups a whole list at once. */
export function groupUnits<T>(items: readonly T[], options: UnitGrouperOptions<T>): MessageUnit<T>[] {
  const grouper = createUnitGrouper(options);
  for (const item of items) grouper.push(item);
  return grouper.units as MessageUnit<T>[];
}

/** Groups plain messages (no token counts); an invalid message throws `InvalidMessageError` naming its index. */
export function groupMessages<M extends ModelMessage>(messages: readonly M[]): MessageUnit<M>[] {
  validateMessageInputs(messages);
  return groupUnits(messages, { message: (m) => m });
}

/**
 * Whether a unit may be sent to a model: not an orphan, and either complete or (when `isLast`) an in-flight
 * assistant turn whose calls are still running.
 */
export function isSendable(unit: MessageUnit<unknown>, isLast: boolean): boolean {
  if (unit.kind === 'orphan') return false;
  return unit.pending.size === 0 || isLast;
}

/**
 * The index of the newest unit that is not an orphan (-1 when there is none): the one unit that may still wait
 * for its results. A stray result stored after a step whose calls still run answers nothing and is never sent,
 * so it does not hold that step back. Costs the trailing orphans, not the log.
 */
export function newestLiveUnit(units: readonly MessageUnit<unknown>[]): number {
  let i = units.length - 1;
  while (i >= 0 && units[i]!.kind === 'orphan') i--;
  return i;
}

/**
 * Whether a view sends every message of `units[index]`: a system unit, or a sendable one (the newest that is no
 * orphan, `newest` as {@link newestLiveUnit} gives it, may still wait for its results). Of the other units a view
 * sends only the system messages.
 */
export function sendsWhole(units: readonly MessageUnit<unknown>[], index: number, newest: number): boolean {
  const unit = units[index]!;
  return unit.kind === 'system' || isSendable(unit, index >= newest);
}

/**
 * The items a view sends of `units` (oldest first): every item of the units it sends whole ({@link sendsWhole}),
 * the system messages of the others.
 */
export function sendableItems<T>(units: readonly MessageUnit<T>[], message: (item: T) => ModelMessage): T[] {
  const out: T[] = [];
  const newest = newestLiveUnit(units);
  units.forEach((unit, u) => {
    const all = sendsWhole(units, u, newest);
    for (const item of unit.items) if (all || message(item).role === 'system') out.push(item);
  });
  return out;
}
