import { checkChoice } from '../core/check-options.ts';
import type { LogEntry } from '../core/message.ts';
import { newestLiveUnit, sendsWhole, type UnitKind } from '../messages/units.ts';
import type { ViewLog } from './view-log.ts';

/**
 * Where a budgeted view's prompt may start: `'user'` puts a user message first wherever the log has one before the
 * cut ({@link startOnUser}); `'any'` sends the newest units that fit, whatever role leads them (what seed 000's
 * classes do; Anthropic's and OpenAI's APIs take either).
 */
export type StartOn = 'user' | 'any';

/** Checks a view's `startOn` option (`what` names it in the error); `'user'` when undefined. */
export function checkStartOn(value: unknown, what: string): StartOn {
  return checkChoice(value, ['user', 'any'], what, 'views', 'user');
}

/** What {@link startOnUser} decided for a budget's newest units. */
export interface UserStart {
  /** How many of the oldest selected units to leave out. */
  drop: number;
  /** Whether the user message before the selected units (the turn's opener) is sent ahead of the rest. */
  opener: boolean;
}

/** Leave the selection as it is. */
const asSelected: UserStart = { drop: 0, opener: false };

/**
 * The rule every budgeted view applies after choosing the newest whole units that fit: the prompt starts with a
 * user message. Many providers refuse a conversation whose first message (after the system ones) is the
 * assistant's — Bedrock's Converse for most model families, Gemini when it is a function call — and a budget's cut
 * lands inside a turn often: in a long agent run every unit after the prompt is the assistant's.
 *
 * `kinds` and `costs` are the selected units', oldest first; `capacity` what they may cost together;
 * `openerCost` the cost of the newest user message older than them (undefined when the log holds none). When the
 * oldest selected unit is not a user message, the oldest units are left out one by one until either a user
 * message leads (nothing else is added) or the opener fits ahead of what is left (it is sent first, the units
 * between it and the rest left out): whichever keeps more of the newest history. When neither happens (the opener
 * and the newest unit together are over the capacity) the selection stays as it is.
 */
export function startOnUser(
  kinds: readonly UnitKind[],
  costs: readonly number[],
  capacity: number,
  openerCost: number | undefined,
): UserStart {
  if (kinds.length === 0 || kinds[0] === 'user' || openerCost === undefined) return asSelected;
  let rest = 0;
  for (const cost of costs) rest += cost;
  for (let drop = 0; drop < kinds.length; drop++) {
    if (kinds[drop] === 'user') return { drop, opener: false };
    if (openerCost + rest <= capacity) return { drop, opener: true };
    rest -= costs[drop]!;
  }
  return asSelected;
}

/** Where {@link startOnUserFrom} has a read start. */
export interface UserStartFrom {
  /** The index of the oldest unit the read returns from (at or after the one it was given). */
  from: number;
  /** The user message sent ahead of those units (the opener of their turn), when one is. */
  opener?: LogEntry;
}

/**
 * {@link startOnUser} for a view that returns every held unit from index `from` on: the units it sends whole
 * (sendable, not system) are the selection, `costOf(index)` the cost of one, `capacity` what they may cost
 * together; the opener is looked up in the view's log and costs its stored tokens. Returns the index to return
 * from and the opener to send first, if any.
 */
export async function startOnUserFrom(
  log: ViewLog,
  from: number,
  costOf: (index: number) => number,
  capacity: number,
): Promise<UserStartFrom> {
  const units = log.units;
  const selected: number[] = [];
  const newest = newestLiveUnit(units);
  for (let u = from; u < units.length; u++)
    if (units[u]!.kind !== 'system' && sendsWhole(units, u, newest)) selected.push(u);
  const first = selected[0];
  if (first === undefined || units[first]!.kind === 'user') return { from };
  const opener = await log.userBefore(units[first]!.items[0]!.seq);
  const start = startOnUser(
    selected.map((u) => units[u]!.kind),
    selected.map(costOf),
    capacity,
    opener?.tokens,
  );
  const at = start.drop === 0 ? from : selected[start.drop]!;
  return start.opener && opener ? { from: at, opener } : { from: at };
}
