import { createHash } from 'node:crypto';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId, createId } from '../core/ids.ts';
import { copyJsonValue } from '../messages/json-value.ts';
import { analyzeText, notText } from './analyze-text.ts';
import { checkMetadata, checkOptionalDate, checkRecordText, checkValidity } from './check-record.ts';
import {
  type LongTermProvenance,
  type LongTermRecordChange,
  longTermOrigins,
  type NewLongTermRecord,
} from './long-term-record.ts';
import type { PreparedLongTermRecord } from './long-term-store-v1.ts';
import { isLongTermOrigin } from './provenance.ts';

/** SHA-256 (hex) of a text with case and runs of whitespace normalised: the record dedupe key. */
export function recordHash(text: string): string {
  if (typeof text !== 'string') throw notText('recordHash(text)', text);
  return createHash('sha256')
    .update(text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim())
    .digest('hex');
}

/** The most ids one of a record's provenance lists (`messageIds`, `roles`) holds. */
export const maxProvenanceIds = 1000;

/**
 * Checks provenance and fills in defaults (origin `app` — the application added it — unless `origin` says,
 * tool-derived when it names a tool); throws `INVALID_ARGUMENT` naming the field.
 */
export function checkProvenance(value: unknown, what: string, component: string): LongTermProvenance {
  if (value === undefined) return { origin: 'app', toolDerived: false, messageIds: [], roles: [] };
  if (typeof value !== 'object' || value === null)
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: `${what} must be an object` });
  const p = value as Partial<LongTermProvenance>;
  const list = (v: unknown, field: string): string[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.length > maxProvenanceIds)
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `${what}.${field} must be an array of at most ${maxProvenanceIds} ids`,
      });
    v.forEach((id, i) => {
      checkId(id, `${what}.${field}[${i}]`, component);
    });
    return [...(v as string[])];
  };
  if (p.origin !== undefined && !isLongTermOrigin(p.origin))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what}.origin must be one of ${longTermOrigins.join(', ')}`,
    });
  if (p.toolDerived !== undefined && typeof p.toolDerived !== 'boolean')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what}.toolDerived must be a boolean`,
    });
  const out: LongTermProvenance = {
    origin: p.origin ?? 'app',
    toolDerived: p.toolDerived ?? (p.tool !== undefined || p.origin === 'tool'),
    messageIds: list(p.messageIds, 'messageIds'),
    roles: list(p.roles, 'roles'),
  };
  if (out.origin === 'tool') out.toolDerived = true;
  for (const key of ['tool', 'session', 'toolCallId'] as const) {
    if (p[key] === undefined) continue;
    checkId(p[key], `${what}.${key}`, component);
    out[key] = p[key];
  }
  return out;
}

/**
 * Checks a new record and fills in what a store needs: an id (`ltm_…` when missing), kind `fact`, empty
 * metadata, provenance, the dedupe hash and the analysed terms. Throws `INVALID_ARGUMENT` naming the field
 * (`records[2].text`, …) for anything a store would not read back identical, and for a key that is not a field
 * (a misspelt `metdata`, which would be dropped).
 */
export function prepareRecord(
  input: NewLongTermRecord,
  component: string,
  what = 'record',
): PreparedLongTermRecord {
  for (const [name, value] of [
    ['component', component],
    ['what', what],
  ] as const)
    if (typeof value !== 'string')
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'longterm',
        message: `prepareRecord(input, component, what): ${name} must be a string, got ${describeValue(value)}`,
      });
  if (typeof input !== 'object' || input === null)
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: `${what} must be an object` });
  checkFields(input, recordFields, what, component);
  const id = input.id ?? createId('ltm');
  checkId(id, `${what}.id`, component);
  const kind = input.kind ?? 'fact';
  checkId(kind, `${what}.kind`, component);
  const text = checkRecordText(input.text, `${what}.text`, component);
  const out: PreparedLongTermRecord = {
    id,
    kind,
    text,
    metadata: copyJsonValue(checkMetadata(input.metadata ?? {}, `${what}.metadata`, component)),
    provenance: checkProvenance(input.provenance, `${what}.provenance`, component),
    hash: recordHash(text),
    terms: analyzeText(text),
    contextTerms: [],
  };
  if (input.context !== undefined) {
    out.context = checkRecordText(input.context, `${what}.context`, component, true);
    out.contextTerms = analyzeText(out.context);
  }
  for (const key of ['session', 'episode'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    checkId(v, `${what}.${key}`, component);
    out[key] = v;
  }
  for (const key of ['validAt', 'invalidAt'] as const) {
    checkOptionalDate(input[key], `${what}.${key}`, component);
    if (input[key]) out[key] = new Date(input[key].getTime());
  }
  checkValidity(out.validAt, out.invalidAt, what, component);
  return out;
}

/**
 * A change with its terms and hash recomputed, checked; throws `INVALID_ARGUMENT` naming the field, and for a key
 * that is not a field (a misspelt `txt`, which would be dropped).
 */
export function prepareChange(
  change: LongTermRecordChange,
  component: string,
): LongTermRecordChange & { terms?: string[]; contextTerms?: string[]; hash?: string } {
  if (typeof change !== 'object' || change === null)
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'change must be an object' });
  checkFields(change, changeFields, 'change', component);
  const out: LongTermRecordChange & { terms?: string[]; contextTerms?: string[]; hash?: string } = {};
  if (change.text !== undefined) {
    out.text = checkRecordText(change.text, 'change.text', component);
    out.terms = analyzeText(out.text);
    out.hash = recordHash(out.text);
  }
  if (change.context !== undefined) {
    out.context =
      change.context === null ? null : checkRecordText(change.context, 'change.context', component, true);
    out.contextTerms = out.context === null ? [] : analyzeText(out.context);
  }
  if (change.metadata !== undefined)
    out.metadata = copyJsonValue(checkMetadata(change.metadata, 'change.metadata', component));
  for (const key of ['validAt', 'invalidAt'] as const) {
    const v = change[key];
    if (v === undefined) continue;
    if (v !== null) checkOptionalDate(v, `change.${key}`, component);
    out[key] = v === null ? null : new Date(v.getTime());
  }
  checkValidity(out.validAt, out.invalidAt, 'change', component);
  if (change.provenance !== undefined)
    out.provenance = checkProvenance(change.provenance, 'change.provenance', component);
  if (change.expectedVersion !== undefined) {
    if (!Number.isSafeInteger(change.expectedVersion) || change.expectedVersion < 1)
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: 'change.expectedVersion must be a positive integer',
      });
    out.expectedVersion = change.expectedVersion;
  }
  return out;
}

/**
 * Throws `INVALID_ARGUMENT` for a prepared change that changes nothing (no field but `expectedVersion`): `update`
 * would only add a version equal to the last.
 */
export function checkChangesSomething(change: LongTermRecordChange, component: string): void {
  if (Object.keys(change).every((key) => key === 'expectedVersion'))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `change changes nothing: give at least one of ${changeFields.filter((f) => f !== 'expectedVersion').join(', ')}`,
    });
}

/** The fields of a new record and of a change: any other key (a misspelt `metdata`) is refused. */
const recordFields: readonly (keyof NewLongTermRecord)[] = [
  'id',
  'kind',
  'text',
  'context',
  'session',
  'episode',
  'metadata',
  'provenance',
  'validAt',
  'invalidAt',
];
const changeFields: readonly (keyof LongTermRecordChange)[] = [
  'text',
  'context',
  'metadata',
  'validAt',
  'invalidAt',
  'provenance',
  'expectedVersion',
];

/** Throws `INVALID_ARGUMENT` naming the first key of `value` that `fields` lacks: it would be dropped unread. */
function checkFields(value: object, fields: readonly string[], what: string, component: string): void {
  const other = Object.keys(value).find((key) => !fields.includes(key));
  if (other !== undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what}.${other} is not a field (the fields: ${fields.join(', ')})`,
    });
}

/** Throws `CONFLICT` when a change expects another version than the record's current one. */
export function checkExpectedVersion(
  id: string,
  current: number,
  change: LongTermRecordChange,
  component: string,
): void {
  if (typeof change !== 'object' || change === null)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'change must be an object',
    });
  if (change.expectedVersion !== undefined && change.expectedVersion !== current)
    throw new MemoryError({
      code: 'CONFLICT',
      component,
      message: `record "${id}" is at version ${current}, not ${change.expectedVersion}: another writer changed it; read it again and retry`,
    });
}
