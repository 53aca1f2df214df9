import { createHash } from 'node:crypto';
import type { MemoryMessage } from '../../core/message.ts';
import { prepareRecord } from '../prepare-record.ts';
import { storedBefore } from '../stored-before.ts';
import { topicLine } from '../topic-line.ts';
import { spokenText } from '../turn-records.ts';
import { extractSelfStatements } from './extract-self-facts.ts';
import { createKeyStatements, type KeyStatements } from './key-statements.ts';
import type { FactTimes } from './self-fact-ends.ts';
import {
  endTimes,
  factTimes,
  type SelfFactRecords,
  type SelfFactsPlace,
  selfFactEndKind,
  words,
} from './self-fact-records.ts';
import { type StatedKey, selfFactsOf, type TouchedFacts } from './self-facts-of.ts';
import type { SelfStatement } from './self-statement.ts';
import { settleEnds } from './settle-self-fact-ends.ts';

/** What {@link recordSelfFacts} writes to. */
export interface RecordSelfFactsOptions extends SelfFactsPlace {
  /** The session the messages belong to. */
  session?: string;
  /** The id of the turn record of a message (to mark it superseded with its fact), or undefined when it has none. */
  turnOf(messageId: string): string | undefined;
}

/** What one call did. */
export interface SelfFactsOutcome {
  /** Fact records added. */
  added: number;
  /** Records (facts and their turns) whose validity was ended (`invalidAt` set or moved earlier). */
  ended: number;
}

const component = 'longterm';
const slug = (v: string) => words(v).join('-') || 'speaker';

/** The subject of a message's self-statements: `user` (the key prefix and "The user") or its speaker's name. */
function subjectOf(m: MemoryMessage): { key: string; name?: string } {
  return m.name ? { key: slug(m.name), name: m.name } : { key: 'user' };
}

/** A statement's key and text for a subject (`user.home` / `caroline.home`, "The user …" / "Caroline …"). */
function forSubject<S extends SelfStatement>(s: S, subject: { key: string; name?: string }): S {
  if (s.type === 'end')
    return { ...s, families: s.families.map((f) => f.replace(/^user\./, `${subject.key}.`)) };
  const name = subject.name;
  return {
    ...s,
    key: s.key.replace(/^user\./, `${subject.key}.`),
    text: name ? s.text.replace(/\bThe user's\b/g, `${name}'s`).replace(/\b[Tt]he user\b/g, name) : s.text,
  };
}

/**
 * Records what users say about themselves (see {@link extractSelfStatements}) as keyed, bi-temporal `fact`
 * records, oldest message first: a fact is valid from its message's time until the next statement of its key
 * (by time, whatever the order of recording) or until a statement ends it ("I'm no longer vegetarian", kept as a
 * record of engram's own kind, `selfFactEndKind`, so a fact recorded after it, or at the same time by another
 * writer, is ended too). Ending a fact writes a new version with `invalidAt` (history keeps the old), and ends the
 * turn record that stated it as well, so recall can put it after the current value and mark it. Only `user`
 * messages are read. Ids derive from the key, the message and the value, so recording the same messages again adds
 * nothing.
 *
 * Ends are settled from the store, not from what this call read first: once its statements are written, the
 * self facts of the keys it stated that its statements can end or be ended by (those about the value current when
 * they were said and later ones, not every fact ever stated of the key: `selfFactsOf`; every self fact when it
 * stated an end) and every end are read again (other keys' facts neither end nor are ended by its statements) and
 * every fact and stating turn not ended when {@link dueEnds} says is ended then (a conditional write,
 * `expectedVersion`), again until a read finds nothing to end (at most a few reads: `settleEnds`). So two writers
 * recording statements of one key at once (two processes, two handles, or two calls on one memory) leave one
 * current value, the one stated last: the writer whose last read comes last sees both statements.
 *
 * With `everyKey`, the settling covers every self fact of the scope, even when the messages state nothing: a
 * process killed between a new value's write and the end of the one it replaces left both current, and a memory's
 * first search or recording settles them (`createLongTermMemory` asks it once per memory).
 */
export async function recordSelfFacts(
  o: RecordSelfFactsOptions,
  messages: readonly MemoryMessage[],
  everyKey = false,
): Promise<SelfFactsOutcome> {
  const outcome: SelfFactsOutcome = { added: 0, ended: 0 };
  const users = messages
    .filter((m) => m.role === 'user')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const stated = users.flatMap((m) => {
    const subject = subjectOf(m);
    return extractSelfStatements(spokenText(m)).map((raw) => ({ s: forSubject(raw, subject), m }));
  });
  if (stated.length === 0) {
    if (everyKey) await settleEnds(o, outcome);
    return outcome;
  }
  // Only the facts of the keys stated (and every fact, when an end is stated) can change, and of a key only those
  // about its current value and later (selfFactsOf): those are read, once before the writes (kept current as this
  // call writes) and again when settling.
  const touched: TouchedFacts = {
    keys: statedKeys(stated),
    families: new Set(stated.flatMap(({ s }) => (s.type === 'end' ? s.families : []))),
  };
  const known = await selfFactsOf(o, touched);
  // The known facts' times by key, kept sorted as facts are added: each add reads its key's alone.
  const times = createKeyStatements();
  times.note(factTimes(known.facts.values()));
  for (const { s, m } of stated)
    if (s.type === 'fact') await addFact(o, outcome, known, s, m, times);
    else await addEnd(o, known, s, m);
  await settleEnds(o, outcome, everyKey ? undefined : touched);
  return outcome;
}

/** The keys of the facts stated, each with when it was first stated and the words of each value stated. */
function statedKeys(stated: readonly { s: SelfStatement; m: MemoryMessage }[]): Map<string, StatedKey> {
  const keys = new Map<string, { from: Date; words: string[][] }>();
  for (const { s, m } of stated) {
    if (s.type !== 'fact') continue;
    const key = keys.get(s.key) ?? { from: m.createdAt, words: [] };
    const at = m.createdAt.getTime();
    // An invalid time (NaN) is kept: the key is then read whole.
    if (Number.isNaN(at) || at < key.from.getTime()) key.from = m.createdAt;
    key.words.push(words(s.value));
    keys.set(s.key, key);
  }
  return keys;
}

/** The provenance and session fields of a record stated by message `m`. */
const statedBy = (o: RecordSelfFactsOptions, m: MemoryMessage) => ({
  ...(o.session === undefined ? {} : { session: o.session, episode: o.session }),
  validAt: m.createdAt,
  provenance: {
    origin: 'extracted' as const,
    messageIds: [m.id],
    roles: ['user' as const],
    ...(o.session === undefined ? {} : { session: o.session }),
  },
});

const idOf = (prefix: string, parts: unknown[]) =>
  `${prefix}_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;

/**
 * Adds a fact record, ended already when a later statement known says so (an older message recorded late);
 * `times` holds the times of the known facts, and notes the added record's.
 */
async function addFact(
  o: RecordSelfFactsOptions,
  outcome: SelfFactsOutcome,
  known: SelfFactRecords,
  s: Extract<SelfStatement, { type: 'fact' }>,
  m: MemoryMessage,
  times: KeyStatements,
) {
  const id = idOf('self', [s.key, m.id, s.value]);
  if (known.facts.has(id)) return;
  // Stated again (its message recorded again): a fact stored before stays as it is, deleted or changed since.
  const [before] = (await storedBefore(o.records, o.scope, [id])).values();
  if (before) {
    if (before.event !== 'DELETE') {
      known.facts.set(id, before);
      times.note(factTimes([before]));
    }
    return;
  }
  const self: FactTimes = { id, key: s.key, words: words(s.value), validAt: m.createdAt };
  // Only the statements of its key can end it: those alone are read, not every fact of the scope.
  const due = times.dueEnd(self, endTimes(known.ends.values()));
  const turn = o.turnOf(m.id);
  const topic = topicLine(s.text);
  const [added] = await o.records.addRecords(
    o.scope,
    [
      prepareRecord(
        {
          id,
          kind: 'fact',
          text: s.text,
          ...(topic ? { context: topic } : {}),
          ...statedBy(o, m),
          ...(due?.fact ? { invalidAt: due.fact } : {}),
          metadata: { selfFact: s.key, value: s.value, ...(turn === undefined ? {} : { turn }) },
        },
        component,
      ),
    ],
    o.now(),
  );
  if (added) {
    known.facts.set(added.id, added);
    times.note(factTimes([added]));
  }
  outcome.added++;
}

/** Stores an end of facts ("I'm no longer vegetarian"), which `settleEnds` applies. */
async function addEnd(
  o: RecordSelfFactsOptions,
  known: SelfFactRecords,
  s: Extract<SelfStatement, { type: 'end' }>,
  m: MemoryMessage,
) {
  const families = [...s.families];
  const id = idOf('selfend', [families, m.id, s.value]);
  if (known.ends.has(id)) return;
  const [added] = await o.records.addRecords(
    o.scope,
    [
      prepareRecord(
        {
          id,
          kind: selfFactEndKind,
          text: `no longer: ${s.value || families.join(', ')}`,
          ...statedBy(o, m),
          metadata: { selfFactEnd: families, value: s.value },
        },
        component,
      ),
    ],
    o.now(),
  );
  if (added) known.ends.set(added.id, added);
}
