import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import { contextSources } from '../views/assembly/context-assembly.ts';
import { type OutputOptions, tableLines } from './output.ts';

/** The width `engram context` tables fit without `--wide`. */
export const contextWidth = 100;

/** Short column names of sources, used when the full ones do not fit {@link contextWidth}. */
const shortNames: Readonly<Record<string, string>> = {
  instructions: 'instr',
  'working-memory': 'working',
  'tool-result': 'results',
};

/**
 * One row per recorded step of a session. `step` is the one meaning of "step" on the command line: the step's
 * number in the session, 1 the oldest — what `--step` takes (negative counts from the newest). `run` numbers
 * the agent runs (`run()` calls) of the session in order, so the steps of one run share it.
 */
export function stepRows(records: readonly AssemblyRecord[]): Record<string, unknown>[] {
  const runs = new Map<string, number>();
  return records.map((r, i) => {
    const run = r.run === undefined ? '' : (runs.get(r.run) ?? runs.set(r.run, runs.size + 1).size);
    return {
      step: i + 1,
      time: r.at.toISOString().slice(11, 19),
      agent: r.agent ?? '',
      view: r.view,
      run,
      tokens: r.tokens,
      provider: r.provider?.inputTokens ?? '',
      ...Object.fromEntries(contextSources.map((s) => [s, r.bySource[s] ?? 0])),
    };
  });
}

/**
 * The steps table in at most {@link contextWidth} columns (unless `wide`): a value every row shares (`view`,
 * `agent`) goes to the title line, sources no step used are left out; when that is not enough, `time` is left
 * out, then sources take short names, then `view` and `agent` go, each named in a last line.
 */
export function stepsTable(
  sessionId: string,
  records: readonly AssemblyRecord[],
  output: OutputOptions,
): string {
  const rows = stepRows(records);
  const at = (r: AssemblyRecord | undefined) => r?.at.toISOString().replace('T', ' ').slice(0, 19) ?? '';
  const shared = (key: string) => new Set(rows.map((r) => r[key])).size === 1;
  const title = [
    `session ${sessionId} · ${records.length} recorded step(s), ${at(records[0])} → ${at(records.at(-1))} UTC`,
    [
      shared('view') ? `view ${String(rows[0]?.view)}` : undefined,
      shared('agent') && rows[0]?.agent !== '' ? `agent ${String(rows[0]?.agent)}` : undefined,
    ]
      .filter(Boolean)
      .join(' · '),
  ].filter(Boolean);
  const used = contextSources.filter((s) => rows.some((r) => r[s] !== 0));
  let columns = [
    'step',
    'time',
    ...(shared('agent') ? [] : ['agent']),
    ...(shared('view') ? [] : ['view']),
    'run',
    'tokens',
    'provider',
    ...used,
  ];
  const left: string[] = [];
  const render = () => tableLines(rows, columns, { wide: output.wide });
  let lines = render();
  const fits = () => output.wide || Math.max(...lines.map((l) => [...l].length)) <= contextWidth;
  for (const fit of ['time', 'short', 'view', 'agent'] as const) {
    if (fits()) break;
    if (fit === 'short') {
      for (const row of rows) for (const [s, short] of Object.entries(shortNames)) row[short] = row[s];
      columns = columns.map((c) => shortNames[c] ?? c);
    } else if (columns.includes(fit)) {
      columns = columns.filter((c) => c !== fit);
      left.push(fit);
    }
    lines = render();
  }
  const note =
    left.length > 0
      ? [`(left out to fit ${contextWidth} columns: ${left.join(', ')}; --wide shows them)`]
      : [];
  return `${[...title, '', ...lines, ...note].join('\n')}\n`;
}
