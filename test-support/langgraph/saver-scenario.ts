import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { type Checkpoint, ERROR, INTERRUPT, TASKS } from '@langchain/langgraph-checkpoint';
import fc from 'fast-check';

/**
 * Random histories of a LangGraph thread for a checkpointer to store, as LangGraph writes them: each checkpoint
 * is a child of an earlier one (or a new root), keeps its parent's channel values and versions except the
 * channels it changes (their versions bumped, listed in `newVersions`), and its message list is derived from
 * the parent's: messages appended, removed, replaced under their id, swapped, repeated, a message object edited
 * in place, or the list overwritten with new objects. The same message objects are handed from checkpoint to
 * checkpoint, as LangGraph's reducer does. Checkpoint ids come in random order, so "latest" means the greatest
 * id, not the last put. Pending writes hit regular and special channels, repeat (task, idx) keys and task paths.
 */

/** How a checkpoint's message list comes from its parent's. */
export type ListOp =
  | { op: 'append'; count: number }
  | { op: 'remove'; at: number }
  | { op: 'replace'; at: number }
  | { op: 'swap'; at: number }
  | { op: 'repeat'; at: number }
  | { op: 'edit'; at: number }
  | { op: 'overwrite'; count: number }
  | { op: 'keep' };

/** One step of a scenario; `pick` values choose among what exists by modulo. */
export type Step =
  | {
      kind: 'put';
      thread: number;
      ns: number;
      parent: number | null;
      list: ListOp;
      counter: 'keep' | 'bump' | 'clear';
      source: 'input' | 'loop' | 'update';
      idKey: number;
    }
  | {
      kind: 'writes';
      thread: number;
      ns: number;
      pick: number;
      task: number;
      path: number;
      writes: { channel: number; value: number }[];
    }
  | { kind: 'get'; thread: number; ns: number; pick: number | null }
  | { kind: 'history'; thread: number; ns: number; pick: number | null }
  | {
      kind: 'list';
      thread: number | null;
      ns: number | null;
      before: number | null;
      limit: number | null;
      filter: null | { source: string } | { step: number };
    }
  | { kind: 'delete'; thread: number };

/** List operations; `edits: false` leaves out editing a message object in place. */
const listOps = (edits: boolean): fc.Arbitrary<ListOp> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ op: fc.constant('append' as const), count: fc.integer({ min: 1, max: 3 }) }),
    },
    ...(['remove', 'replace', 'swap', 'repeat', ...(edits ? (['edit'] as const) : [])] as const).map(
      (op) => ({
        weight: 1,
        arbitrary: fc.record({ op: fc.constant(op), at: fc.nat(50) }),
      }),
    ),
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('overwrite' as const), count: fc.integer({ min: 0, max: 3 }) }),
    },
    { weight: 1, arbitrary: fc.constant({ op: 'keep' as const }) },
  );

/** Threads and namespaces, most steps on the first of each, so histories grow long enough to fork. */
const threadPick = fc.constantFrom(0, 0, 0, 1, 2);
const nsPick = fc.constantFrom(0, 0, 0, 1);

/** A random step (`edits`: whether a step may edit a message object in place). */
export const stepArbitraryWith = (options: { edits: boolean }): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('put' as const),
        thread: threadPick,
        ns: nsPick,
        parent: fc.option(fc.nat(30), { freq: 6 }),
        list: listOps(options.edits),
        counter: fc.constantFrom('keep' as const, 'bump' as const, 'clear' as const),
        source: fc.constantFrom('input' as const, 'loop' as const, 'update' as const),
        idKey: fc.nat(1_000_000),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('writes' as const),
        thread: threadPick,
        ns: nsPick,
        pick: fc.nat(30),
        task: fc.nat(2),
        path: fc.nat(2),
        writes: fc.array(fc.record({ channel: fc.nat(4), value: fc.nat(5) }), { minLength: 1, maxLength: 3 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('get' as const),
        thread: threadPick,
        ns: nsPick,
        pick: fc.option(fc.nat(30)),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('list' as const),
        thread: fc.option(fc.nat(2)),
        ns: fc.option(fc.nat(1)),
        before: fc.option(fc.nat(30)),
        limit: fc.option(fc.integer({ min: 1, max: 4 })),
        filter: fc.option(
          fc.oneof(
            fc.record({ source: fc.constantFrom('input', 'loop', 'update') }),
            fc.record({ step: fc.nat(5) }),
          ),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), thread: fc.nat(2) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('history' as const),
        thread: threadPick,
        ns: nsPick,
        pick: fc.option(fc.nat(30)),
      }),
    },
  );

/** A random step, edits in place included. */
export const stepArbitrary = stepArbitraryWith({ edits: true });

/** The thread ids and namespaces a scenario uses. */
export const threads = ['t-0', 't-1', 't-2'];
export const namespaces = ['', 'agent:7f3c'];

/** What the scenario remembers of a stored checkpoint, to derive children from it. */
interface Known {
  id: string;
  thread: string;
  ns: string;
  checkpoint: Checkpoint;
  /** Its message list as JSON when it was put (an edit in place since changes the objects, not what was stored). */
  stored: string;
}

let made = 0;
function message(i: number, edit = ''): BaseMessage {
  const n = ++made;
  const id = `msg-${n}`;
  if (i % 3 === 0) return new HumanMessage({ id, content: `question ${n}${edit}` });
  if (i % 3 === 1)
    return new AIMessage({
      id,
      content: `answer ${n}${edit}`,
      tool_calls: n % 2 ? [{ id: `call-${n}`, name: 'lookup', args: { q: `q${n}` }, type: 'tool_call' }] : [],
    });
  return new ToolMessage({
    id,
    content: `result ${n}${edit}`,
    tool_call_id: `call-${n - 1}`,
    name: 'lookup',
  });
}

function deriveList(parent: readonly BaseMessage[], op: ListOp): BaseMessage[] {
  const list = [...parent];
  const at = 'at' in op && list.length > 0 ? op.at % list.length : -1;
  switch (op.op) {
    case 'append':
      for (let i = 0; i < op.count; i++) list.push(message(list.length + i));
      return list;
    case 'overwrite':
      return Array.from({ length: op.count }, (_, i) => message(i));
    case 'keep':
      return list;
  }
  if (at < 0) return list;
  const m = list[at]!;
  if (op.op === 'remove') list.splice(at, 1);
  else if (op.op === 'replace') {
    const next = message(at, ' (edited)');
    next.id = m.id;
    list[at] = next;
  } else if (op.op === 'swap') [list[at], list[list.length - 1]] = [list[list.length - 1]!, m];
  else if (op.op === 'repeat') list.push(m);
  else m.content = `${String(m.content)} (changed in place)`;
  return list;
}

const writeChannels = ['messages', 'counter', ERROR, INTERRUPT, TASKS];
const writeValues = (v: number, n: number): unknown =>
  [`value ${n}`, n, { nested: [n, null, true] }, null, message(n), [message(n), message(n + 1)]][v];

/** Something a checkpointer under test is asked; the runner gives both savers the same calls. */
export type Call =
  | { kind: 'put'; args: Parameters<import('@langchain/langgraph-checkpoint').BaseCheckpointSaver['put']> }
  | {
      kind: 'writes';
      args: Parameters<import('@langchain/langgraph-checkpoint').BaseCheckpointSaver['putWrites']>;
    }
  | { kind: 'get'; config: { configurable: Record<string, string> } }
  | { kind: 'history'; config: { configurable: Record<string, string> }; channels: string[] }
  | {
      kind: 'list';
      config: { configurable: Record<string, string> };
      options: { before?: { configurable: { checkpoint_id: string } }; limit?: number; filter?: object };
    }
  | { kind: 'delete'; thread: string };

/** Turns steps into saver calls, tracking the checkpoints stored so far. */
export function* scenarioCalls(steps: readonly Step[]): Generator<Call> {
  const known: Known[] = [];
  let serial = 0;
  for (const step of steps) {
    if (step.kind === 'delete') {
      const thread = threads[step.thread]!;
      known.splice(0, known.length, ...known.filter((k) => k.thread !== thread));
      yield { kind: 'delete', thread };
      continue;
    }
    if (step.kind === 'list') {
      const configurable: Record<string, string> = {};
      if (step.thread !== null) configurable.thread_id = threads[step.thread]!;
      if (step.ns !== null) configurable.checkpoint_ns = namespaces[step.ns]!;
      const before = step.before !== null && known.length > 0 ? known[step.before % known.length] : undefined;
      yield {
        kind: 'list',
        config: { configurable },
        options: {
          ...(before ? { before: { configurable: { checkpoint_id: before.id } } } : {}),
          ...(step.limit !== null ? { limit: step.limit } : {}),
          ...(step.filter !== null ? { filter: step.filter } : {}),
        },
      };
      continue;
    }
    const thread = threads[step.thread]!;
    const ns = namespaces[step.ns]!;
    const mine = known.filter((k) => k.thread === thread && k.ns === ns);
    const base = { thread_id: thread, checkpoint_ns: ns };
    if (step.kind === 'get' || step.kind === 'history') {
      // A history asks about a stored checkpoint (of any thread), where there are ancestors to walk.
      const pool = step.kind === 'history' && known.length > 0 ? known : mine;
      const k = step.pick !== null && pool.length > 0 ? pool[step.pick % pool.length] : undefined;
      const config = {
        configurable: k ? { thread_id: k.thread, checkpoint_ns: k.ns, checkpoint_id: k.id } : base,
      };
      yield step.kind === 'get'
        ? { kind: 'get', config }
        : { kind: 'history', config, channels: writeChannels };
      continue;
    }
    if (step.kind === 'writes') {
      if (mine.length === 0) continue;
      const k = mine[step.pick % mine.length]!;
      const writes = step.writes.map((w, i): [string, unknown] => [
        writeChannels[w.channel]!,
        writeValues(w.value, serial * 10 + i),
      ]);
      serial++;
      yield {
        kind: 'writes',
        args: [
          { configurable: { ...base, checkpoint_id: k.id } },
          writes,
          `task-${step.task}`,
          ['', 'a', 'b'][step.path],
        ],
      };
      continue;
    }
    const parent = step.parent !== null && mine.length > 0 ? mine[step.parent % mine.length] : undefined;
    const previous = parent?.checkpoint;
    const values: Record<string, unknown> = { ...(previous?.channel_values ?? {}) };
    const versions: Record<string, number> = {
      ...((previous?.channel_versions ?? {}) as Record<string, number>),
    };
    const newVersions: Record<string, number> = {};
    const bump = (channel: string) => {
      versions[channel] = (versions[channel] ?? 0) + 1;
      newVersions[channel] = versions[channel]!;
    };
    const oldList = (values.messages as BaseMessage[] | undefined) ?? [];
    // LangGraph keeps a channel's version only while its value is what the parent stored; a list whose
    // messages were edited in place since is a new value, with a new version.
    const stale = parent !== undefined && JSON.stringify(oldList) !== parent.stored;
    if (step.list.op !== 'keep' || !previous || stale) {
      values.messages = deriveList(oldList, step.list);
      bump('messages');
    }
    if (step.counter === 'bump') {
      values.counter = { n: (versions.counter ?? 0) + 1, label: `step ${serial}` };
      bump('counter');
    } else if (step.counter === 'clear' && 'counter' in values) {
      delete values.counter;
      bump('counter');
    }
    const id = `${step.idKey.toString(16).padStart(5, '0')}-${serial++}`;
    const checkpoint: Checkpoint = {
      v: 4,
      id,
      ts: new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString(),
      channel_values: values,
      channel_versions: versions,
      versions_seen: { agent: { ...versions } },
    };
    known.push({ id, thread, ns, checkpoint, stored: JSON.stringify(values.messages) });
    yield {
      kind: 'put',
      args: [
        { configurable: parent ? { ...base, checkpoint_id: parent.id } : base },
        checkpoint,
        { source: step.source, step: serial % 6, parents: {} },
        newVersions,
      ],
    };
  }
}
