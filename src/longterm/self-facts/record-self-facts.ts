import { createHash } from 'node:crypto';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';
import { ownedRecords } from '../owned-records.ts';
import { prepareChange, prepareRecord } from '../prepare-record.ts';
import { topicLine } from '../topic-line.ts';
import { spokenText } from '../turn-records.ts';
import { extractSelfStatements } from './extract-self-facts.ts';
import { inFamily, type SelfStatement } from './self-statement.ts';
import { storedSelfFact } from './stored-self-fact.ts';

/** What {@link recordSelfFacts} writes to. */
export interface RecordSelfFactsOptions {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** The session the messages belong to. */
  session?: string;
  /** The id of the turn record of a message (to mark it superseded with its fact), or undefined when it has none. */
  turnOf(messageId: string): string | undefined;
  /** Transaction time of the writes. */
  now(): Date;
}

/** What one call did. */
export interface SelfFactsOutcome {
  /** Fact records added. */
  added: number;
  /** Records (facts and their turns) whose validity was ended (`invalidAt` set or moved earlier). */
  ended: number;
}

const component = 'longterm';
const words = (v: string) =>
  v
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
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

const before = (d: Date | undefined, t: Date) => d !== undefined && d.getTime() <= t.getTime();

/**
 * Records what users say about themselves (see {@link extractSelfStatements}) as keyed, bi-temporal `fact`
 * records, oldest message first: a fact is valid from its message's time until the next statement of its key
 * (by time, whatever the order of recording) or until a statement ends it ("I'm no longer vegetarian"). Ending a
 * fact writes a new version with `invalidAt` (history keeps the old), and ends the turn record that stated it as
 * well, so recall can put it after the current value and mark it. Only `user` messages are read. Ids derive from
 * the key, the message and the value, so recording the same messages again adds nothing.
 */
export async function recordSelfFacts(
  o: RecordSelfFactsOptions,
  messages: readonly MemoryMessage[],
): Promise<SelfFactsOutcome> {
  const outcome: SelfFactsOutcome = { added: 0, ended: 0 };
  const users = messages
    .filter((m) => m.role === 'user')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Read the scope's self facts once, on the first statement, then kept current as this call writes.
  let known: Map<string, LongTermRecord> | undefined;
  for (const m of users) {
    const subject = subjectOf(m);
    for (const raw of extractSelfStatements(spokenText(m))) {
      const s = forSubject(raw, subject);
      known ??= await selfFactsOf(o);
      const writing = { o, outcome, all: known };
      if (s.type === 'fact') await addFact(writing, s, m);
      else await endFacts(writing, s, m);
    }
  }
  return outcome;
}

/**
 * The self-fact records the scope owns (every version current in the store, ended ones included), by id: not
 * those of the users or agents a wide scope's listing also holds, which this scope neither ends nor is ended by.
 */
async function selfFactsOf(o: RecordSelfFactsOptions): Promise<Map<string, LongTermRecord>> {
  const out = new Map<string, LongTermRecord>();
  let cursor: string | undefined;
  do {
    const page = await o.records.listRecords(o.scope, {
      limit: 1000,
      filter: { kinds: ['fact'] },
      ...(cursor === undefined ? {} : { cursor }),
    });
    const facts = page.records.filter((r) => typeof r.metadata.selfFact === 'string');
    for (const r of await ownedRecords(o.records, o.scope, facts)) out.set(r.id, r);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return out;
}

/** A stored fact's key and value as the extractor writes them now (a name stored with a possessive `'s` read without it). */
const keyOf = (r: LongTermRecord) => storedSelfFact(r)?.key ?? String(r.metadata.selfFact);
const factValue = (r: LongTermRecord) => storedSelfFact(r)?.value ?? String(r.metadata.value ?? '');

/** Ends a record's validity at `at` (a new version), unless it already ended by then; ends its stating turn too. */
async function endAt(
  o: RecordSelfFactsOptions,
  outcome: SelfFactsOutcome,
  known: Map<string, LongTermRecord>,
  r: LongTermRecord,
  at: Date,
  turns: boolean,
) {
  if (before(r.invalidAt, at)) return;
  known.set(
    r.id,
    await o.records.updateRecord(o.scope, r.id, prepareChange({ invalidAt: at }, component), o.now()),
  );
  outcome.ended++;
  const turn = typeof r.metadata.turn === 'string' ? r.metadata.turn : undefined;
  if (!turns || turn === undefined) return;
  const stated = await o.records.getRecord(o.scope, turn);
  if (!stated || before(stated.invalidAt, at)) return;
  try {
    await o.records.updateRecord(o.scope, turn, prepareChange({ invalidAt: at }, component), o.now());
    outcome.ended++;
  } catch (error) {
    if (!MemoryError.hasCode(error, 'RECORD_NOT_FOUND')) throw error;
  }
}

/** One call's writing: where, its outcome so far, and the scope's self facts kept current. */
interface Writing {
  o: RecordSelfFactsOptions;
  outcome: SelfFactsOutcome;
  all: Map<string, LongTermRecord>;
}

async function addFact(
  { o, outcome, all }: Writing,
  s: Extract<SelfStatement, { type: 'fact' }>,
  m: MemoryMessage,
) {
  const t = m.createdAt;
  const known = [...all.values()].filter((r) => keyOf(r) === s.key);
  const id = `self_${createHash('sha256')
    .update(JSON.stringify([s.key, m.id, s.value]))
    .digest('hex')
    .slice(0, 24)}`;
  if (known.some((r) => r.id === id)) return;
  // Valid until the next statement of the key by time (an older message recorded late is history at once).
  const next = known
    .map((r) => r.validAt)
    .filter((d): d is Date => d !== undefined && d.getTime() > t.getTime())
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const turn = o.turnOf(m.id);
  const topic = topicLine(s.text);
  const [added] = await o.records.addRecords(o.scope, [
    prepareRecord(
      {
        id,
        kind: 'fact',
        text: s.text,
        ...(topic ? { context: topic } : {}),
        ...(o.session === undefined ? {} : { session: o.session, episode: o.session }),
        validAt: t,
        ...(next ? { invalidAt: next } : {}),
        metadata: { selfFact: s.key, value: s.value, ...(turn === undefined ? {} : { turn }) },
        provenance: {
          origin: 'extracted',
          messageIds: [m.id],
          roles: ['user'],
          ...(o.session === undefined ? {} : { session: o.session }),
        },
      },
      component,
    ),
  ]);
  if (added) all.set(added.id, added);
  outcome.added++;
  const same = words(s.value).join(' ');
  for (const r of known)
    if (r.validAt && r.validAt.getTime() < t.getTime())
      // A restatement of the same value ends the older fact record, but the turn that said it stays true.
      await endAt(o, outcome, all, r, t, words(factValue(r)).join(' ') !== same);
}

async function endFacts(
  { o, outcome, all }: Writing,
  s: Extract<SelfStatement, { type: 'end' }>,
  m: MemoryMessage,
) {
  const t = m.createdAt;
  const gone = words(s.value);
  const known = [...all.values()].filter((r) => s.families.some((f) => inFamily(keyOf(r), f)));
  for (const r of known) {
    const value = words(factValue(r));
    const current = r.validAt !== undefined && r.validAt.getTime() < t.getTime() && !before(r.invalidAt, t);
    if (current && gone.length > 0 && gone.every((w) => value.includes(w)))
      await endAt(o, outcome, all, r, t, true);
  }
}
