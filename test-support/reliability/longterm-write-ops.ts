/**
 * The long-term write sequence of the multi-process and SIGKILL tests: what a writer does at step `i` (the same in
 * the child that writes and the parent that checks), the acknowledgement lines children print, and the state the
 * acknowledged writes leave.
 */

/** One write of a writer's sequence on its own records. */
export type LongTermWriteOp =
  | { op: 'add'; id: string; text: string }
  | { op: 'update'; id: string; text: string }
  | { op: 'delete'; id: string };

/** An acknowledged write as a child prints it (JSON, one line): an op, and for an update the version it made. */
export type LongTermAck = LongTermWriteOp & { version?: number };

/** The one word of a record's text no other text holds: a full-text search for it finds that record only. */
export const uniqueWord = (id: string, rev: number) => `${id.replace(/\W/g, '')}v${rev}`;

/** A record's text at revision `rev` (0 when added), mentioning the database so a topic embedding places it. */
export const recordText = (label: string, id: string, rev: number) =>
  `${label} note on the database ${uniqueWord(id, rev)}`;

/**
 * The writes of step `i` of writer `writer` (its records `<writer>-r<i>`): add record i, then every third step
 * update the previous record, every fourth delete the one before that. `label` marks the texts (a scope's name).
 */
export function stepOps(label: string, writer: string, i: number): LongTermWriteOp[] {
  const id = (n: number) => `${writer}-r${n}`;
  const ops: LongTermWriteOp[] = [{ op: 'add', id: id(i), text: recordText(label, id(i), 0) }];
  if (i % 3 === 2) ops.push({ op: 'update', id: id(i - 1), text: recordText(label, id(i - 1), 1) });
  if (i % 4 === 3) ops.push({ op: 'delete', id: id(i - 2) });
  return ops;
}

/** The first `n` writes of a writer's sequence, in order. */
export function writerOps(label: string, writer: string, n: number): LongTermWriteOp[] {
  const out: LongTermWriteOp[] = [];
  for (let i = 0; out.length < n; i++) out.push(...stepOps(label, writer, i));
  return out.slice(0, n);
}

/** The live records (id → text) that a sequence of writes leaves. */
export function stateAfter(ops: readonly LongTermWriteOp[]): Map<string, string> {
  const state = new Map<string, string>();
  for (const o of ops) {
    if (o.op === 'delete') state.delete(o.id);
    else state.set(o.id, o.text);
  }
  return state;
}

/** The acknowledgements among a child's stdout lines (lines starting with `{`). */
export const acksOf = (lines: readonly string[]): LongTermAck[] =>
  lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LongTermAck);
