/** The markdown section of the inspector suite. */

import { int, median, ms, percentile, type SuiteOptions, sectionIntro, table } from '../report.ts';
import { type OpenTimes, tabs } from './browse.ts';
import { type StepTimes, windowTokens } from './sessions.ts';

/** One store's figures for one session size. */
export interface InspectorRow {
  store: string;
  size: number;
  steps: StepTimes;
  open: OpenTimes;
}

/** What the section reports besides its rows. */
export interface InspectorFigures {
  rows: InspectorRow[];
  plan: { sizes: readonly number[]; steps: number; stepWarmups: number; runs: number; warmups: number };
  /** The SQLite file's size (bytes) with every session in it. */
  sqliteBytes: number;
  /** Why PostgreSQL was left out, when it was. */
  postgresSkipped?: string;
  seconds: number;
  /** The 1-minute load average at the start and at the end. */
  load: [number, number];
}

/** `median (p90)` in ms. */
const mp = (values: readonly number[]) => `${ms(median(values))} (${ms(percentile(values, 90))})`;
/** `median (p90)` in µs. */
const us = (values: readonly number[]) =>
  `${int(median(values) * 1000)} (${int(percentile(values, 90) * 1000)})`;

/** The target line: a 10,000-message session opens in under a second (from navigation, median and p90, every store). */
function targetLine(rows: readonly InspectorRow[]): string {
  const at = rows.filter((r) => r.size === 10_000);
  const goal = 'a 10,000-message session opens in under a second';
  if (at.length === 0) return `Target "${goal}": not measured in this run.`;
  const met = at.every((r) => percentile(r.open.messages.painted, 90) < 1000);
  const figures = at
    .map(
      ({ store, open: { messages: m, steps: s } }) =>
        `${store}: Messages tab painted ${mp(m.painted)} ms after the navigation's start (app route ${mp(m.render)}, bench process ${mp(m.wall)}), Steps tab ${mp(s.painted)} ms`,
    )
    .join('; ');
  return `Target "${goal}" (the Messages tab painted within 1,000 ms of the navigation's start, median and p90, on every store): **${met ? 'met' : 'missed'}** (${figures}).`;
}

/** Renders the section. */
export function renderInspector(options: SuiteOptions, f: InspectorFigures): string {
  const { plan } = f;
  const sizes = plan.sizes.map(int).join(', ');
  const details = `${plan.runs} runs after ${plan.warmups} warm-ups, medians (p90); suite ${f.seconds.toFixed(0)} s; 1-minute load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end`;
  const stepCount = plan.steps - plan.stepWarmups;
  return [
    '## Inspector: opening a session (`engram inspect`, headless Chromium)',
    '',
    ...sectionIntro(options, details),
    '',
    `One database per store holds sessions of ${sizes} messages: the scripted conversation (\`createScriptedConversation\`, seed = size, tool results at full size: research and coding turns with web searches, pages, files and SQL), all but its last ${plan.steps} turns appended in batches of 1,000, then those ${plan.steps} turns stored as an agent does, each step \`memory.store(turn)\`, \`read()\` of a \`createTokenWindowMemory({ maxTokens: ${int(windowTokens)} })\` and \`createAssemblyRecorder({ memory }).record(view.lastAssembly())\`, so every session has ${plan.steps} recorded steps (SQLite file: ${int(f.sqliteBytes / 2 ** 20)} MiB). The real \`engram inspect\` binary (\`node src/cli/main.ts --db … | --pg … inspect --port 0\`) serves each database; headless Chromium (Debian's, driven by playwright-core, one page) navigates from \`about:blank\` to the session's route — a full page load: the app's files, \`/api/info\`, the session, then the tab's calls — and waits for the app's \`body[data-render-ms]\`. "App route" is that attribute: the app's route handler, from its start to the tab rendered (its API calls and the DOM). "Rendered" and "painted" are the page's own clock (\`performance.now()\`, zero at the navigation's start), noted by a \`MutationObserver\` the bench adds to the page: when the attribute appeared (the page load, the app's modules, \`/api/info\` and the route), and after the next frame's layout and paint (a task queued from its \`requestAnimationFrame\`) — what a person waits for. "Bench process" is the wall time from \`page.goto\` until playwright-core saw the attribute: it adds the browser's navigation before the page's clock starts and the driver's round trips, and its check runs after the page's next layout. The Messages tab shows the first 200 messages; the Steps tab loads every recorded step (chart, table, health) and the last step's detail. "Tab API" is the tab's main call by plain \`fetch\` from the bench process, body read: \`GET /api/sessions/<id>/messages\` (200 messages) or \`…/steps\` (every step). Every page is checked once (its message count, 200 rows or ${plan.steps} step bars, no error) before it is timed.${f.postgresSkipped ? ` PostgreSQL skipped: ${f.postgresSkipped}.` : ''}`,
    '',
    table(
      [
        'store',
        'messages',
        'tab',
        'app route ms',
        'rendered ms',
        'painted ms',
        'bench process ms',
        'tab API ms',
      ],
      f.rows.flatMap((r) =>
        tabs.map((tab) => {
          const t = r.open[tab];
          return [
            r.store,
            int(r.size),
            tab,
            mp(t.render),
            mp(t.rendered),
            mp(t.painted),
            mp(t.wall),
            mp(t.api),
          ];
        }),
      ),
    ),
    '',
    targetLine(f.rows),
    '',
    `Recording a step, per step of the ${plan.steps} above (the last ${stepCount}, after ${plan.stepWarmups} warm-up steps; a minor GC before each): \`memory.store(turn)\` (validation, o200k counting, the durable append of the turn's messages), the window's \`read()\`, and \`recorder.record(view.lastAssembly())\` (the log's stats, one artifact written in its own durable commit). SQLite is \`durability: 'power'\` (\`synchronous=FULL\`, the default). Times in µs, median (p90); "share" is the record's median over the sum of the three medians.`,
    '',
    table(
      [
        'store',
        'messages',
        'turn `memory.store` µs',
        'window `read()` µs',
        '`record()` µs',
        'record share of the step',
        'record: items / KiB',
      ],
      f.rows.map((r) => {
        const [store, read, record] = [r.steps.store, r.steps.read, r.steps.record].map(median) as [
          number,
          number,
          number,
        ];
        return [
          r.store,
          int(r.size),
          us(r.steps.store),
          us(r.steps.read),
          us(r.steps.record),
          `${((100 * record) / (store + read + record)).toFixed(0)}%`,
          `${int(r.steps.items)} / ${int(r.steps.recordBytes / 1024)}`,
        ];
      }),
    ),
  ].join('\n');
}
