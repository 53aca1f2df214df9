import type { LongTermRecord } from '../long-term-record.ts';
import { multiKey } from './self-statement.ts';

/** A possessive `'s` (or `’s`) at the end of a value. */
const possessive = /['’][sS]$/;

/** The key families whose value is a person's (or a pet's) name (after the subject: `user.`, `caroline.`). */
const nameFamilies = new Set([
  'name',
  'manager',
  'partner',
  'mother',
  'father',
  'child',
  'sibling',
  'grandparent',
  'best-friend',
  'pet',
]);

/** A stored self fact's key and value as today's extractor writes them (see {@link storedSelfFact}). */
export interface StoredSelfFact {
  /** Its key (`user.child:iwan`). */
  key: string;
  /** Its value (`Iwan`). */
  value: string;
}

/**
 * A self-fact record's key and value as the extractor writes them now, or undefined for a record that is not a
 * self fact. Before 239f263 a person's name could keep a possessive `'s` ("my son Iwan's coming home" stored
 * `user.child:iwan-s` = "Iwan's", "my husband Tom's been…" `user.partner` = "Tom's"); such a record reads as
 * `user.child:iwan` = "Iwan" and `user.partner` = "Tom", so a later "my son Iwan" supersedes it and a question
 * about "my son" searches for Iwan. Only the families whose value is a name are read so (a favourite place
 * "McDonald's" keeps its `'s`), and a key only when it is the one the `'s` made.
 * @example storedSelfFact(record) // { key: 'user.child:iwan', value: 'Iwan' } for one stored as iwan-s = Iwan's
 */
export function storedSelfFact(record: LongTermRecord): StoredSelfFact | undefined {
  const { selfFact: key, value } = record.metadata;
  if (typeof key !== 'string') return undefined;
  const said = typeof value === 'string' ? value : String(value ?? '');
  const [family = '', item] = key.split(':', 2);
  const named = nameFamilies.has(family.slice(family.indexOf('.') + 1));
  if (!named || !possessive.test(said) || said.length < 3) return { key, value: said };
  const name = said.slice(0, -2);
  if (item === undefined) return { key, value: name };
  return key === multiKey(family, said) ? { key: multiKey(family, name), value: name } : { key, value: said };
}
