/** The checkpointer section's graph part: a real LangGraph graph with `MessagesValue` or `DeltaChannel`, by saver. */

import { int, ms, ratio, table } from '../report.ts';
import type { GraphResult, GraphTask } from './tasks.ts';

/** One measured graph run. */
export interface GraphRow {
  label: string;
  task: Pick<GraphTask, 'channel' | 'saver'>;
  size: number;
  result: GraphResult;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes >= 100 * 2 ** 20 ? 0 : 1)} MiB`;

/** The graph part's sizes: an invoke reads the thread back, so a run costs about the square of its messages. */
export function graphSizes(quick: boolean): number[] {
  return quick ? [50, 200] : [300, 1_000];
}

/** The graph part's contenders, each run at every size of {@link graphSizes}. */
export function graphContenders(): { label: string; task: GraphRow['task'] }[] {
  return [
    {
      label: 'LangGraph `SqliteSaver`, `MessagesValue` (plain channel)',
      task: { channel: 'plain', saver: 'sqlite-saver' },
    },
    {
      label: 'LangGraph `SqliteSaver`, `MessagesDeltaValue` (`DeltaChannel`)',
      task: { channel: 'delta', saver: 'sqlite-saver' },
    },
    {
      label: 'engram saver, SQLite `process`, `MessagesValue`',
      task: { channel: 'plain', saver: 'engram' },
    },
    {
      label: 'engram saver, SQLite `process`, `MessagesDeltaValue` (`DeltaChannel`)',
      task: { channel: 'delta', saver: 'engram' },
    },
  ];
}

/** The graph part's markdown (a heading, what was run, the table, the ratios). */
export function renderGraphPart(rows: readonly GraphRow[], sizes: readonly number[]): string[] {
  if (rows.length === 0) return [];
  const body = rows.map((r) => [
    r.label,
    r.result.settings,
    `${int(r.size)} (${int(r.result.lcMessages)})`,
    `${ms(r.result.ms)} ms`,
    `${ms(r.result.ms / r.size)} ms`,
    `${ms(r.result.lastMs)} ms`,
    mib(r.result.bytes),
    int(r.result.bytes / r.size),
    `${ms(r.result.getStateMs)} ms`,
  ]);
  const find = (size: number, channel: string, saver: string) =>
    rows.find((r) => r.size === size && r.task.channel === channel && r.task.saver === saver);
  const ratios = sizes.flatMap((size) => {
    const lines: string[] = [];
    for (const channel of ['plain', 'delta'] as const) {
      const peer = find(size, channel, 'sqlite-saver');
      const engram = find(size, channel, 'engram');
      if (peer && engram)
        lines.push(
          `- ${int(size)} messages, \`${channel === 'plain' ? 'MessagesValue' : 'MessagesDeltaValue'}\`: SqliteSaver takes ${ratio(peer.result.bytes / engram.result.bytes)} the bytes, ${ratio(peer.result.ms / engram.result.ms)} the \`invoke\` time and ${ratio(peer.result.getStateMs / engram.result.getStateMs)} the \`getState\` time of engram's saver.`,
        );
    }
    const delta = find(size, 'delta', 'sqlite-saver');
    const plain = find(size, 'plain', 'sqlite-saver');
    if (delta && plain)
      lines.push(
        `- ${int(size)} messages: SqliteSaver with \`DeltaChannel\` takes ${ratio(delta.result.bytes / plain.result.bytes)} the bytes and ${ratio(delta.result.ms / plain.result.ms)} the \`invoke\` time of its plain channel.`,
      );
    return lines;
  });
  // How the mean invoke grows from the smallest size to the largest (flat would be 1×).
  const growth = graphContenders().flatMap(({ label, task }) => {
    const small = find(sizes[0]!, task.channel, task.saver);
    const large = find(sizes.at(-1)!, task.channel, task.saver);
    return small && large && small !== large
      ? [
          `- ${label}: mean \`invoke\` ${ms(small.result.ms / small.size)} → ${ms(large.result.ms / large.size)} ms (${ratio(large.result.ms / large.size / (small.result.ms / small.size))} for ${ratio(large.size / small.size)} the messages).`,
        ]
      : [];
  });
  return [
    "### Inside a LangGraph graph: LangGraph's own answer to bloat, `DeltaChannel`",
    '',
    "The same conversation appended one message per `invoke` of a real `StateGraph` (`@langchain/langgraph` 1.7.3, engram's dev dependency; one node that returns nothing) compiled with the checkpointer, its `messages` field `MessagesValue` (the reducer channel: every checkpoint holds the whole list) or `MessagesDeltaValue` (the beta `DeltaChannel`: each step's writes, a full snapshot every 100 updates, the state rebuilt on read by replaying ancestors through `getDeltaChannelHistory`, which `@langchain/langgraph-checkpoint` 1.2.2 provides for every saver). `invoke` is timed (LangGraph's own work, the same for every saver, included), each row in a fresh process; then `getState` of the thread, whose messages must be the conversation, id by id (checked). Every contender runs at each size; an `invoke` reads the thread's state back (`getTuple`), so with every saver here a run costs about the square of its messages: the sizes are kept small.",
    '',
    table(
      [
        'checkpointer, messages field',
        'settings (read back)',
        'messages (LangChain messages)',
        '`invoke` total',
        'mean per invoke',
        'last invoke',
        'bytes on disk',
        'bytes per message',
        '`getState` latest',
      ],
      body,
    ),
    '',
    ...(ratios.length ? ['Ratios (both on SQLite at synchronous=NORMAL):', ...ratios, ''] : []),
    ...(growth.length ? ['Growth with the thread:', ...growth, ''] : []),
  ];
}
