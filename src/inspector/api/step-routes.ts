import type { Hono } from 'hono';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { Artifact } from '../../store/memory-store.ts';
import { type AssemblyRecord, readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import { contextSources } from '../../views/assembly/context-assembly.ts';
import { ladderArtifactKind } from '../../views/auto-context/ladder-artifacts.ts';
import { diffSteps } from '../step-diff.ts';
import { clipQuote, type HealthIssue, stepHealth } from '../step-health.ts';
import { stepMarks } from '../step-marks.ts';
import { whyList } from '../why-list.ts';
import {
  type ApiContext,
  badRequest,
  decimalParam,
  handle,
  ownerScope,
  param,
  shown,
} from './api-context.ts';
import { itemView } from './item-text.ts';
import { requireSession } from './session-routes.ts';

/** Artifact kinds that mark the steps chart (besides the records' own dropped rules). */
const markKinds = [ladderArtifactKind, 'summary', 'observation', 'reflection'];

/** The log messages behind the records' items, by id (read in chunks, each once). */
async function itemMessages(
  api: ApiContext,
  scope: Scope,
  id: string,
  records: readonly AssemblyRecord[],
): Promise<Map<string, MemoryMessage>> {
  const ids = [
    ...new Set(records.flatMap((r) => r.items.flatMap((i) => (i.messageId ? [i.messageId] : [])))),
  ];
  const out = new Map<string, MemoryMessage>();
  for (let i = 0; i < ids.length; i += 500)
    for (const e of await api.source.log.getMessages(scope, id, ids.slice(i, i + 500)))
      out.set(e.message.id, e.message);
  return out;
}

async function loadSteps(api: ApiContext, scope: Scope, id: string) {
  await requireSession(api, scope, id);
  const records = await readAssemblyRecords(api.source.log, scope, id);
  const artifacts: Artifact[] = (
    await Promise.all(markKinds.map((kind) => api.source.log.listArtifacts(scope, id, kind)))
  ).flat();
  return { records, artifacts };
}

/**
 * A step's health findings as the API shows them: redacted whole, then their quotes cut (a secret cut short or
 * lower-cased is past what the redaction rules recognise).
 */
async function healthOf(
  api: ApiContext,
  records: readonly AssemblyRecord[],
  messages: ReadonlyMap<string, MemoryMessage>,
): Promise<HealthIssue[][]> {
  const found = await shown(
    api,
    records.map((r) => stepHealth(r, messages)),
  );
  return found.map((issues) => issues.map(clipQuote));
}

/** A record without its items and dropped entries: what the steps chart needs. */
const stepSummary = (r: AssemblyRecord, index: number) => ({
  index,
  id: r.id,
  at: r.at,
  lastSeq: r.lastSeq,
  view: r.view,
  counter: r.counter,
  budget: r.budget ?? null,
  tokens: r.tokens,
  bySource: r.bySource,
  provider: r.provider ?? null,
  agent: r.agent ?? null,
  run: r.run ?? null,
  step: r.step ?? null,
  items: r.items.length,
});

/**
 * `GET /api/sessions/:id/steps` (every recorded step: tokens by source, provider count, marks, health) and
 * `GET /api/sessions/:id/steps/:index` (one step's items with the text of their log messages, why each is in,
 * what was left out by which rule, its health and its diff against the step before). Each item carries the
 * whole text the provider received (`text`), and the log's original (`original`) where that differs.
 */
export function registerStepRoutes(app: Hono, api: ApiContext): void {
  app.get(
    '/api/sessions/:id/steps',
    handle(api, async (c) => {
      const scope = ownerScope(api.source, c);
      const id = param(c, 'id');
      const { records, artifacts } = await loadSteps(api, scope, id);
      const messages = await itemMessages(api, scope, id, records);
      const marks = stepMarks(records, artifacts);
      const health = await healthOf(api, records, messages);
      return {
        sources: contextSources,
        steps: records.map((r, i) => ({
          ...stepSummary(r, i),
          marks: marks[i],
          health: health[i],
        })),
      };
    }),
  );
  app.get(
    '/api/sessions/:id/steps/:index',
    handle(api, async (c) => {
      const scope = ownerScope(api.source, c);
      const id = param(c, 'id');
      const index = decimalParam('index', param(c, 'index'), 0);
      const { records, artifacts } = await loadSteps(api, scope, id);
      const record = records[index];
      if (!record) throw badRequest(`no step ${index} (the session has ${records.length})`);
      const previous = index > 0 ? records[index - 1] : undefined;
      const messages = await itemMessages(api, scope, id, [record]);
      return {
        ...stepSummary(record, index),
        sources: contextSources,
        marks: stepMarks(records, artifacts)[index],
        health: (await healthOf(api, [record], messages))[0],
        items: record.items.map((item) =>
          itemView(item, item.messageId ? messages.get(item.messageId) : undefined, record.counter.encoding),
        ),
        dropped: record.dropped,
        why: whyList(record),
        diff: previous ? diffSteps(previous, record) : null,
      };
    }),
  );
}
