/**
 * The example's tools: `fetch_archive` is slow (10 s: time to press Stop while it runs); `fetch_report` returns a quarterly report of about 35 KB, large enough that engram's
 * citation view sends it to the model in full once (the step right after the call) and as a short citation into
 * the content store in every later request.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { jsonSchema, tool } from 'ai';

/** No input. */
const noInput = jsonSchema<Record<string, never>>({
  type: 'object',
  properties: {},
  additionalProperties: false,
});

const regions = [
  'Lisbon',
  'Porto',
  'Madrid',
  'Berlin',
  'Paris',
  'Milan',
  'Vienna',
  'Oslo',
  'Dublin',
  'Warsaw',
  'Prague',
];
const topics = ['revenue', 'hiring', 'support tickets', 'churn', 'infrastructure cost', 'new customers'];

/** The report's text: a summary line, then one paragraph per region and topic (deterministic, ~35 KB). */
export function reportText(): string {
  const lines = [
    '# Quarterly report, Q3',
    '',
    'Summary: revenue grew 12% to 4.2 million euros; churn fell to 1.9%.',
  ];
  regions.forEach((region, r) => {
    lines.push('', `## ${region}`);
    topics.forEach((topic, t) => {
      const change = ((r * 7 + t * 3) % 19) - 6;
      lines.push(
        `${region}, ${topic}: ${change >= 0 ? 'up' : 'down'} ${Math.abs(change)}% on the previous quarter. ` +
          `The team reviewed the ${topic} figures week by week, compared them with the plan agreed in January, ` +
          `and wrote down what changed and why; the notes of the review, the open questions and the actions ` +
          `owned by each lead are listed in the appendix for ${region.toLowerCase()}, with the dates on which ` +
          `they are due and who checks them. Nothing in this section changes the forecast for the year, but ` +
          `the ${topic} trend is watched monthly from now on, and any change over 5% is reported to the board.`,
      );
    });
  });
  return lines.join('\n');
}

/** The `fetch_report` tool (no input): the quarterly report as text. */
export const fetchReport = tool({
  description: 'Fetches the latest quarterly report (a long text document).',
  inputSchema: noInput,
  execute: async () => reportText(),
});

/** How long `fetch_archive` takes. */
const archiveDelayMs = 10_000;

/** The `fetch_archive` tool (no input): a slow server, 10 s; it stops waiting when the request is aborted. */
export const fetchArchive = tool({
  description: 'Fetches the list of archived reports (a slow server: it takes about ten seconds).',
  inputSchema: noInput,
  execute: async (_input, { abortSignal }) => {
    await sleep(archiveDelayMs, undefined, { signal: abortSignal });
    return 'Archived reports: Q1, Q2.';
  },
});
