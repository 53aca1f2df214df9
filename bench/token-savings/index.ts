/**
 * Token savings on a research-agent trace (issue 8, seed 004): per iteration, the tokens each contender sends,
 * the cost with provider prompt caching, and whether the facts seen 10 or more iterations earlier are still in
 * the context or reachable through the contender's tools (`npm run bench -- --only token-savings`).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import { ensurePeers } from '../peers/import-peer.ts';
import { int, type Suite, sectionIntro, table } from '../report.ts';
import {
  aiSdkPrune,
  type Contender,
  engramAutoContext,
  engramCitations,
  mastraProcessors,
  naive,
} from './contenders.ts';
import { cachedCosts, type Request, total } from './cost.ts';
import type { Reach } from './searcher.ts';
import { buildTrace, readDocuments } from './trace.ts';

/** The window of the windowed contenders: the newest step's results (~33k tokens) fit, so no peer loses them. */
const budget = 40_000;
/** A tighter window for a second AutoContextMemory run (below the newest step: its results are cut). */
const tightBudget = 30_000;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

/** The suite. */
export const tokenSavings: Suite = async (options) => {
  const iterations = options.quick ? 12 : 60;
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const docs = readDocuments(fileURLToPath(new URL('../../node_modules', import.meta.url)));
  const trace = buildTrace({
    iterations,
    seed: 2026,
    docs,
    ...(options.quick ? { pageChars: 12_000, searchChars: 4_000 } : {}),
  });
  const dir = mkdtempSync(join(tmpdir(), 'engram-token-savings-'));
  const contenders: Contender[] = [
    naive(trace.task),
    engramCitations(join(dir, 'citations.db'), counter, trace.task),
    engramAutoContext(join(dir, 'autocontext.db'), counter, trace.task, budget),
    // The same ladder at a tighter window: the newest step's results are cut to fit (whole in the content store).
    engramAutoContext(join(dir, 'autocontext-tight.db'), counter, trace.task, tightBudget),
    aiSdkPrune(trace.task),
  ];
  let mastraNote = '';
  if (options.peers !== false) {
    const failure = ensurePeers(options.log);
    if (failure) mastraNote = `Mastra not measured: ${failure}.`;
    else contenders.push(await mastraProcessors(trace.task, budget));
  } else mastraNote = 'Mastra not measured (`--no-peers`).';

  const key = (m: ModelMessage) => JSON.stringify(m);
  const counts = new Map<string, number>();
  const count = (m: ModelMessage, k: string) => {
    let n = counts.get(k);
    if (n === undefined) {
      n = counter.count(m);
      counts.set(k, n);
    }
    return n;
  };
  const requests = new Map<string, Request[]>(contenders.map((c) => [c.name, []]));
  const reach = new Map<string, { at20: string; end: string; via: string; found: number; planted: number }>();
  for (let n = 1; n <= iterations; n++) {
    for (const c of contenders) {
      const context = await c.next(trace.iterations[n - 1]!);
      const keys = context.map(key);
      requests.get(c.name)!.push({ keys, tokens: context.map((m, i) => count(m, keys[i]!)) });
      if (n !== Math.min(20, iterations) && n !== iterations) continue;
      // Every fact planted so far, searched for by its description with at most 3 tool calls.
      const planted = trace.facts.filter((f) => f.iteration <= n);
      const ways: Reach[] = [];
      for (const f of planted) ways.push(await c.reach(f, context));
      const ok = ways.filter((w) => w.way !== undefined).length;
      const entry = reach.get(c.name) ?? { at20: '', end: '', via: '', found: 0, planted: 0 };
      const share = `${ok}/${planted.length} (${pct(ok, planted.length)})`;
      if (n === Math.min(20, iterations)) entry.at20 = share;
      if (n === iterations) {
        entry.end = share;
        entry.found = ok;
        entry.planted = planted.length;
        const tools = ways.filter((w) => w.way === 'tool');
        const byCalls = [1, 2, 3]
          .map((k) => `${tools.filter((w) => w.calls === k).length} in ${k}`)
          .join(', ');
        entry.via = `${ways.filter((w) => w.way === 'context').length} in context${tools.length > 0 ? `; through tools ${byCalls} call(s)` : ''}`;
      }
      reach.set(c.name, entry);
    }
    options.log(
      `iteration ${n}: ${contenders.map((c) => `${c.name} ${int(total(requests.get(c.name)!.at(-1)!))}`).join(' · ')}`,
    );
  }
  const reversible = new Map<string, string>();
  for (const c of contenders)
    reversible.set(
      c.name,
      c.reversible ? ((await c.reversible()) ? 'yes' : 'NO') : 'nothing offloaded to give back',
    );
  for (const c of contenders) await c.close?.();
  rmSync(dir, { recursive: true, force: true });

  const naiveRequests = requests.get('naive history')!;
  const at = Math.min(20, iterations);
  const costs = new Map([...requests].map(([name, rs]) => [name, cachedCosts(rs)]));
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const naiveCost = sum(costs.get('naive history')!);
  const naiveRaw = sum(naiveRequests.map(total));
  const shown = [1, 5, 10, 20, 30, 40, 50, 60].filter((n) => n <= iterations);
  const perIteration = table(
    ['iteration', ...contenders.map((c) => c.name)],
    shown.map((n) => [
      String(n),
      ...contenders.map((c) => {
        const t = total(requests.get(c.name)![n - 1]!);
        return `${int(t)} (${pct(t, total(naiveRequests[n - 1]!))})`;
      }),
    ]),
  );
  const summary = table(
    [
      'contender',
      `tokens at iteration ${at} (% of naive)`,
      'all requests, raw tokens (% of naive)',
      'all requests, cache-weighted cost (× naive)',
      `planted facts reachable at ${at} (≤ 3 tool calls)`,
      `planted facts reachable at ${iterations} (≤ 3 tool calls)`,
      `how, at ${iterations}`,
      'every offload reversible',
    ],
    contenders.map((c) => {
      const rs = requests.get(c.name)!;
      const r = reach.get(c.name)!;
      return [
        c.name,
        `${int(total(rs[at - 1]!))} (${pct(total(rs[at - 1]!), total(naiveRequests[at - 1]!))})`,
        `${int(sum(rs.map(total)))} (${pct(sum(rs.map(total)), naiveRaw)})`,
        (sum(costs.get(c.name)!) / naiveCost).toFixed(3),
        r.at20,
        r.end,
        r.via,
        reversible.get(c.name)!,
      ];
    }),
  );
  const kb = (xs: readonly number[]) => `${(sum(xs) / xs.length / 1024).toFixed(1)} KB`;
  const best = (name: string) => sum(costs.get(name)!) / naiveCost;
  const engramNames = contenders.filter((c) => c.name.startsWith('engram')).map((c) => c.name);
  const peerNames = contenders
    .filter((c) => !c.name.startsWith('engram') && c.name !== 'naive history')
    .map((c) => c.name);
  const verdicts = engramNames.map((name) => {
    const rs = requests.get(name)!;
    const share = total(rs[at - 1]!) / total(naiveRequests[at - 1]!);
    const belowPeers = peerNames.every((p) => best(name) < best(p));
    return `- ${name}: tokens at iteration ${at} ${pct(total(rs[at - 1]!), total(naiveRequests[at - 1]!))} of naive (target ≤ 5%: ${share <= 0.05 ? 'met' : 'missed'}); cache-weighted cost ${best(name).toFixed(3)}× naive, ${belowPeers ? 'below' : 'not below'} every peer measured (${peerNames.map((p) => `${p} ${best(p).toFixed(3)}×`).join(', ')}) (target: below naive and every peer: ${best(name) < 1 && belowPeers ? 'met' : 'missed'}); planted facts reachable within 3 tool calls at iteration ${iterations}: ${reach.get(name)!.end} (target 100%: ${reach.get(name)!.found === reach.get(name)!.planted ? 'met' : 'missed'}); offloads reversible: ${reversible.get(name)}.`;
  });
  const markdown = [
    '## Compaction trace: tokens sent and planted facts reachable (issue 24)',
    '',
    ...sectionIntro(options, `${iterations} iterations`),
    '',
    `The trace (bench/token-savings/trace.ts): a task, then ${iterations} iterations of one assistant step calling \`web_search\` (JSON list, mean ${kb(trace.bytes.web_search!)}), \`web_fetch\` (HTML page, mean ${kb(trace.bytes.web_fetch!)}) and \`sql_query\` (JSON rows, mean ${kb(trace.bytes.sql_query!)}), built from the README files of ${docs.length} installed npm packages; one planted fact per iteration inside a page or the rows, of five kinds in turn (a deployment key, an invoice total, a release version and date, a rotated password, a vendor contact), each with a description in other words (\`bench/token-savings/trace.ts\` \`plantedFact\`). After each iteration every contender gives the messages the model would be sent next; tokens are counted with o200k_base for all of them. Cost with prompt caching (Anthropic prices): the messages equal to the start of the previous request are cache reads (0.1×), the rest cache writes (1.25×); a changed message breaks the cache from its start. A fact counts as reachable when its sentence is in the context, or (engram) when a scripted searcher that knows only its description ("the staging DB password of cluster-4", never the value or an item id) gets the sentence in a tool's output within 3 calls of the tools \`agent()\` gives a model with a content store and a stored conversation: \`query_memory\` with the description, then \`search_history\` with it, then \`retrieve_from_memory\` of the best item filtered on the description's most distinctive word (bench/token-savings/searcher.ts); every fact planted so far is searched for, at iteration ${at} and at ${iterations}. Budget of the windowed contenders: ${int(budget)} tokens, so the newest step (about 33,000 tokens) fits for every one of them; one more AutoContextMemory run at ${int(tightBudget)} shows the ladder's last rung, which cuts the newest results to fit and keeps them whole in the content store.`,
    '',
    'Contenders:',
    ...contenders.map((c) => `- ${c.name}: ${c.setup}`),
    ...(mastraNote ? [`- ${mastraNote}`] : []),
    '',
    'Tokens sent per request (and % of naive):',
    '',
    perIteration,
    '',
    'Summary:',
    '',
    summary,
    '',
    'Against the targets:',
    ...verdicts,
  ].join('\n');
  // Its own section (issue 24), after the others: the issue-8 section of this trace at 30 iterations stays as written.
  return { id: 'compaction-trace', markdown };
};
