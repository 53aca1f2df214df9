import type { JSONValue } from 'ai';
import { checkBoolean, checkKnownKeys, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { type Clock, checkClock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { checkRecordText } from '../longterm/check-record.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { escapeMarkup, quoteLine } from '../messages/quoted-text.ts';
import { checkTextLimit, createRecordSlot, type RecordSlot, recordsOf } from './record-slot.ts';

/** A core memory block (Letta's): a labelled piece of text always in the context. */
export interface BlockDefinition {
  /** Its name (`persona`, `human`, …): letters, digits, `_`, `-`. */
  label: string;
  /** The initial value, used until the first edit: well-formed text without NUL. @default '' */
  value?: string;
  /** The most characters it may hold: 1 to 65,536. @default 2,000 */
  limit?: number;
  /** What it is for, shown to the model. */
  description?: string;
  /** Whether the model's edits are refused. @default false */
  readOnly?: boolean;
}

/** A block as it is now. */
export interface MemoryBlock {
  label: string;
  value: string;
  limit: number;
  description: string;
  readOnly: boolean;
  /** Its version (0 before the first edit). */
  version: number;
}

/** Options of {@link createCoreMemory}. */
export interface CoreMemoryOptions {
  /** Where the blocks live (any store with `longTermRecords`). @default in process */
  store?: HasLongTermRecords;
  /** Whose blocks. */
  scope: Scope;
  /** The blocks. */
  blocks: readonly BlockDefinition[];
  /** Concurrent-edit retries before `CONFLICT`. @default 5 */
  retries?: number;
  /** The clock for versions. @default the system clock */
  clock?: Clock;
}

/** Letta-style core memory: blocks always in the context, edited by the agent through tools. */
export interface CoreMemory {
  /** Every block, in definition order. */
  list(): Promise<MemoryBlock[]>;
  /** One block; `INVALID_ARGUMENT` for an unknown label. */
  get(label: string): Promise<MemoryBlock>;
  /** Appends text on a new line (`memory_append`). */
  append(label: string, content: string): Promise<MemoryBlock>;
  /** Replaces the one exact occurrence of `oldText` (`memory_replace`); none or several is refused. */
  replace(label: string, oldText: string, newText: string): Promise<MemoryBlock>;
  /** Inserts a line at a 0-based line index (default: the end) (`memory_insert`). */
  insert(label: string, line: string, at?: number): Promise<MemoryBlock>;
  /** Rewrites the whole block (`memory_rethink`); an empty value empties it (as a replace that leaves nothing does). */
  rethink(label: string, value: string): Promise<MemoryBlock>;
  /** Every version of a block, oldest first. */
  history(label: string): Promise<MemoryBlock[]>;
  /** The blocks as one context block: `<memory_blocks>` with a `<block>` per label. */
  render(): Promise<string>;
}

const component = 'core-memory';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

const blockFields: Record<keyof BlockDefinition, true> = {
  label: true,
  value: true,
  limit: true,
  description: true,
  readOnly: true,
};

/**
 * Throws `INVALID_ARGUMENT` unless block `i` is an object of known fields with a string value and description
 * when given, the value text a store holds (no NUL, no lone surrogate): a misspelt `readonly` would leave a
 * read-only block open to the model's edits.
 */
function checkBlock(b: BlockDefinition, i: number): void {
  const at = blockAt(i);
  if (typeof b !== 'object' || b === null || Array.isArray(b))
    throw bad(`${at} must be an object, got ${describeValue(b)}`);
  checkKnownKeys(b, blockFields, 'createCoreMemory', component, at);
  for (const key of ['value', 'description'] as const)
    if (b[key] !== undefined && typeof b[key] !== 'string')
      throw bad(`${at}.${key} must be a string, got ${describeValue(b[key])}`);
  // The value is the text of the block's first version: one the store cannot hold made every edit fail.
  if (b.value !== undefined) checkRecordText(b.value, `${at}.value`, component, true);
}

/** Block `i` as an error names it: `createCoreMemory(options).blocks[i]`. */
const blockAt = (i: number) => `createCoreMemory(options).blocks[${i}]`;

/**
 * Core memory blocks (Letta's): each block is a versioned record in the store (every edit kept, `history(label)`),
 * edited with optimistic concurrency, so concurrent edits from two processes both land. Limits and read-only are
 * enforced with errors that say what to do; `memory_replace` needs exactly one match. `createCoreMemoryTools` gives
 * the agent `memory_append`, `memory_replace`, `memory_insert` and `memory_rethink`.
 * @example
 * const core = createCoreMemory({ store, scope, blocks: [{ label: 'human', description: 'What I know about the user' }] });
 * await core.append('human', 'Name: Ada');
 */
export function createCoreMemory(options: CoreMemoryOptions): CoreMemory {
  checkOptions(options, 'createCoreMemory', 'working');
  checkKnownKeys(
    options,
    { store: true, scope: true, blocks: true, retries: true, clock: true },
    'createCoreMemory',
    component,
  );
  checkOptionalInteger(options.retries, 'createCoreMemory(options).retries', component, 0);
  const clock = checkClock(options.clock, 'createCoreMemory(options)', component);
  const scope = checkScope(options.scope, component);
  if (!Array.isArray(options.blocks) || options.blocks.length === 0)
    throw bad('blocks must be a non-empty array');
  const records = recordsOf(options.store, component);
  const defs = new Map<string, Required<BlockDefinition>>();
  const slots = new Map<string, RecordSlot>();
  for (const [i, b] of options.blocks.entries()) {
    checkBlock(b, i);
    if (typeof b.label !== 'string' || !/^[\w-]{1,64}$/.test(b.label))
      throw bad(`${blockAt(i)}.label must be 1–64 letters, digits, _ or -, got ${describeValue(b.label)}`);
    if (defs.has(b.label)) throw bad(`${blockAt(i)}: label "${b.label}" is used twice`);
    const limit = checkTextLimit(b.limit ?? 2000, `${blockAt(i)}.limit`, component);
    const value = b.value ?? '';
    if (value.length > limit)
      throw bad(`${blockAt(i)}.value has ${value.length} characters; its limit is ${limit}`);
    defs.set(b.label, {
      label: b.label,
      value,
      limit,
      description: b.description ?? '',
      readOnly: checkBoolean(b.readOnly, `${blockAt(i)}.readOnly`, component, false),
    });
    slots.set(
      b.label,
      createRecordSlot({
        records,
        scope,
        id: `engram.block:${b.label}`,
        kind: 'engram.block',
        component,
        ...(options.retries === undefined ? {} : { retries: options.retries }),
        ...(clock ? { now: () => clock.now() } : {}),
      }),
    );
  }
  const defOf = (label: string) => {
    const d = defs.get(label);
    if (!d) throw bad(`no block ${describeValue(label)}; the blocks are ${[...defs.keys()].join(', ')}`);
    return d;
  };
  const blockOf = (d: Required<BlockDefinition>, r: LongTermRecord | undefined): MemoryBlock => ({
    label: d.label,
    value: r?.text ?? d.value,
    limit: d.limit,
    description: d.description,
    readOnly: d.readOnly,
    version: r?.version ?? 0,
  });
  const metadata = (d: Required<BlockDefinition>): Record<string, JSONValue> => ({
    label: d.label,
    limit: d.limit,
    description: d.description,
    readOnly: d.readOnly,
  });
  /** An edit of a block's current value, refused before anything is written when it breaks a rule. */
  const edit = async (label: string, change: (value: string) => string) => {
    const d = defOf(label);
    if (d.readOnly) throw bad(`block "${label}" is read-only`);
    const r = await (slots.get(label) as RecordSlot).update((current) => {
      const text = change(current?.text ?? d.value);
      if (text.length > d.limit)
        throw bad(
          `block "${label}" would be ${text.length} characters; its limit is ${d.limit}: shorten it (memory_rethink) or store less`,
        );
      return { text, metadata: metadata(d) };
    });
    return blockOf(d, r);
  };
  const text = (v: unknown, what: string) => {
    if (typeof v !== 'string') throw bad(`${what} must be a string`);
    return v;
  };

  return {
    async list() {
      return Promise.all([...defs.values()].map(async (d) => blockOf(d, await slots.get(d.label)?.read())));
    },
    async get(label) {
      return blockOf(defOf(label), await slots.get(label)?.read());
    },
    append: (label, content) =>
      edit(label, (v) => (v === '' ? text(content, 'content') : `${v}\n${text(content, 'content')}`)),
    replace: (label, oldText, newText) =>
      edit(label, (v) => {
        const old = text(oldText, 'old text');
        text(newText, 'new text');
        if (old === '') throw bad('the old text must not be empty');
        const first = v.indexOf(old);
        if (first < 0) throw bad(`the old text is not in block "${label}"; copy it exactly from the block`);
        let count = 0;
        for (let at = first; at >= 0; at = v.indexOf(old, at + 1)) count++;
        if (count > 1)
          throw bad(
            `the old text occurs ${count} times in block "${label}"; include more of it so it is unique`,
          );
        return v.slice(0, first) + newText + v.slice(first + old.length);
      }),
    insert: (label, line, at) =>
      edit(label, (v) => {
        const lines = v === '' ? [] : v.split('\n');
        // Only a missing index means the end: null (or any non-integer) is refused, not taken as missing.
        const index = at === undefined ? lines.length : at;
        if (!Number.isSafeInteger(index) || index < 0 || index > lines.length)
          throw bad(
            `line index must be from 0 to ${lines.length} for block "${label}" (or left out for the end), got ${describeValue(index)}`,
          );
        lines.splice(index, 0, text(line, 'line'));
        return lines.join('\n');
      }),
    rethink: (label, value) => edit(label, () => text(value, 'value')),
    async history(label) {
      const d = defOf(label);
      return (await (slots.get(label) as RecordSlot).history()).map((r) => blockOf(d, r));
    },
    async render() {
      const blocks = await this.list();
      return [
        '<memory_blocks>',
        'Your core memory, always here. Edit it with memory_append, memory_replace, memory_insert and memory_rethink.',
        ...blocks.map(
          (b) =>
            `<block label="${b.label}" chars="${b.value.length}/${b.limit}"${b.readOnly ? ' read_only="true"' : ''}${
              b.description ? ` description=${quoteLine(b.description)}` : ''
            }>\n${escapeMarkup(b.value)}\n</block>`,
        ),
        '</memory_blocks>',
      ].join('\n');
    },
  };
}
