import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compactingView } from '../../../test-support/compacting-view.ts';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { type CountingDatabase, openCountingDatabase } from '../../../test-support/sqlite-commit-counter.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { openSqliteStore, type SqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from './agent.ts';
import type { AgentConfig } from './agent-types.ts';

/**
 * Commits of a 5-step agent run (four tool calls with 14 KB results, then an answer) on a SQLite file at
 * `durability: 'power'`, counted on the handle: each `COMMIT` and each autocommit write, flushed (an fsync, at
 * `synchronous` FULL) or deferred (`withDeferredDurability`: written at once, durable with the next flushed commit).
 */

const counter = createTokenCounter();
const scope = { tenant: 't' };
const dirs: string[] = [];
const opened: { store: SqliteStore; counting: CountingDatabase }[] = [];
afterEach(async () => {
  for (const { store, counting } of opened.splice(0)) {
    await store.close();
    counting.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) =>
    `<html><!-- ${url} -->${'<p>Lisbon dishes and allergens.</p>'.repeat(400)}</html>`,
});
const fetchCall = (url: string) => ({ toolCalls: [{ toolName: 'fetchPage', input: { url } }] });
const fiveSteps = () =>
  scriptedLanguageModel([
    fetchCall('https://a.example'),
    fetchCall('https://b.example'),
    fetchCall('https://c.example'),
    fetchCall('https://d.example'),
    { text: 'Done.' },
  ]).model;

/** A model scripted for `runs` runs of 5 steps: four `fetch_page` calls (other pages each run), then an answer. */
const fourPagesPerRun = (runs: number) =>
  scriptedLanguageModel(
    Array.from({ length: runs }, (_, r) => [
      fetchCall(`https://a${r}.example`),
      fetchCall(`https://b${r}.example`),
      fetchCall(`https://c${r}.example`),
      fetchCall(`https://d${r}.example`),
      { text: `Done ${r}.` },
    ]).flat(),
  ).model;

/** An agent with `fetch_page` whose model runs `runs` runs of {@link fourPagesPerRun}. */
const lisbonAgent = (runs: number, config: Omit<AgentConfig, 'name' | 'description' | 'model' | 'tools'>) =>
  agent({
    name: 'assistant',
    description: 'test',
    model: fourPagesPerRun(runs),
    tools: { fetchPage },
    ...config,
  });

/** Runs `assistant` once (5 steps) and returns its commits as `all/flushed`. */
async function commitsOfLisbonRun(
  counting: CountingDatabase,
  assistant: { run(prompt: string): { result: Promise<{ steps: number }> } },
  run: number,
): Promise<string> {
  const before = counting.log().length;
  expect((await assistant.run(`Read four pages about Lisbon food, run ${run}.`).result).steps).toBe(5);
  const log = counting.log().slice(before);
  return `${log.length}/${log.filter((l) => l.startsWith('flushed')).length}`;
}

async function openCounted() {
  const dir = mkdtempSync(join(tmpdir(), 'engram-commits-'));
  dirs.push(dir);
  const counting = openCountingDatabase(join(dir, 'c.db'));
  const store = await openSqliteStore({ database: counting.database });
  opened.push({ store, counting });
  const conversation = createConversationMemory({ store, scope, sessionId: 's', counter });
  await conversation.stats(); // the session is created before counting
  return { store, counting, conversation };
}

/** Runs one 5-step run of `config` and returns the commits it made (flushed / deferred, first statement). */
async function commitsOfRun(
  counting: CountingDatabase,
  config: Omit<AgentConfig, 'name' | 'description' | 'model'>,
) {
  const assistant = agent({
    name: 'assistant',
    description: 'test',
    model: fiveSteps(),
    tools: { fetchPage },
    ...config,
  });
  const before = counting.log().length;
  const result = await assistant.run('Read four pages about Lisbon food.').result;
  expect(result.steps).toBe(5);
  const log = counting.log().slice(before);
  return { log, flushed: log.filter((l) => l.startsWith('flushed')).length };
}

describe('agent: commits per 5-step run on SQLite', () => {
  it('with recordAssembly: the prompt and one commit per step (messages and assembly record together), 6 in all', async () => {
    const { store, counting, conversation } = await openCounted();
    const memory = createTokenWindowMemory({ conversation, maxTokens: 100_000 });
    const { log, flushed } = await commitsOfRun(counting, { memory, recordAssembly: true });
    console.info(`[commits] token window: ${log.length}, flushed ${flushed}\n${log.join('\n')}`);
    expect(log).toHaveLength(6);
    expect(flushed).toBe(5); // the prompt is durable with the first step's commit
    expect(await readAssemblyRecords(store, scope, 's')).toHaveLength(5);
  });

  it('the full stack (AutoContext over a content store, static long-term memory, recordAssembly): 5 flushed commits, 6 in all', async () => {
    const { store, counting, conversation } = await openCounted();
    const content = createContentStore({ store, scope, counter });
    const memory = compactingView(conversation, content);
    const longTerm = createLongTermMemory({ store, scope, session: 's' });
    const { log, flushed } = await commitsOfRun(counting, {
      memory,
      contentStore: content,
      longTermMemory: { memory: longTerm, mode: 'static' },
      recordAssembly: true,
    });
    console.info(`[commits] full stack: ${log.length}, flushed ${flushed}\n${log.join('\n')}`);
    // Flushed: the five steps (each with its messages, its assembly record, and what its read wrote: content
    // offloads and AutoContext's ladder steps; the last with the run's long-term record). Deferred: the prompt.
    expect(flushed).toBeLessThanOrEqual(5);
    expect(log.filter((l) => /engram_content_items|engram_artifacts|engram_ltm/.test(l))).toEqual([]);
    expect(log.length).toBeLessThanOrEqual(6);
    const { records } = await longTerm.records.listRecords(scope, { limit: 100 });
    expect(records.filter((r) => r.kind === 'turn').length).toBeGreaterThan(1);
    expect((await content.query()).items.length).toBeGreaterThan(0);
    expect((await memory.steps()).length).toBeGreaterThan(0);
    expect(await readAssemblyRecords(store, scope, 's')).toHaveLength(5);
  });

  it("a long session: retention trims the oldest assembly records in a step's commit, 6 commits a run still", async () => {
    const { store, counting, conversation } = await openCounted();
    const memory = createTokenWindowMemory({ conversation, maxTokens: 100_000 });
    const keep = 3; // trimmed back to 3 once the session would hold more than 3 + 10
    const assistant = agent({
      name: 'assistant',
      description: 'test',
      model: scriptedLanguageModel(
        Array.from({ length: 4 }, () => [
          fetchCall('https://a.example'),
          fetchCall('https://b.example'),
          fetchCall('https://c.example'),
          fetchCall('https://d.example'),
          { text: 'Done.' },
        ]).flat(),
      ).model,
      tools: { fetchPage },
      memory,
      recordAssembly: { keep },
    });
    const held: number[] = [];
    for (let run = 0; run < 4; run++) {
      const before = counting.log().length;
      const result = await assistant.run(`Read four pages, run ${run}.`).result;
      expect(result.steps).toBe(5);
      const log = counting.log().slice(before);
      // Before the deletions rode on the step's commit, the run that trimmed made one more commit per deleted record.
      expect(log, `run ${run}:\n${log.join('\n')}`).toHaveLength(6);
      expect(log.filter((l) => l.startsWith('flushed'))).toHaveLength(5);
      held.push((await readAssemblyRecords(store, scope, 's')).length);
    }
    // 5, 10, then the 14th record trims to 3 (+1 at the run's last step), then 9.
    expect(held).toEqual([5, 10, 4, 9]);
    const records = await readAssemblyRecords(store, scope, 's');
    const steps = records.map((r) => `${r.run}:${r.step}`);
    expect(new Set(steps).size).toBe(9);
    // The newest are kept, in order.
    const seqs = records.map((r) => r.lastSeq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seqs.at(-1)).toBe((await conversation.stats()).lastSeq - 1); // the last step stored its answer after it
  });

  it('the full stack over 12 runs of one agent (ladder steps, offloads, long-term records, trims): at most 6 commits a run', async () => {
    const { store, counting, conversation } = await openCounted();
    const content = createContentStore({ store, scope, counter });
    const memory = compactingView(conversation, content);
    const longTerm = createLongTermMemory({ store, scope, session: 's' });
    const runs = 12;
    const assistant = lisbonAgent(runs, {
      memory,
      contentStore: content,
      longTermMemory: { memory: longTerm, mode: 'static' },
      recordAssembly: { keep: 5 }, // trimmed every two or three runs
    });
    const commits: string[] = [];
    for (let run = 0; run < runs; run++) {
      commits.push(await commitsOfLisbonRun(counting, assistant, run));
    }
    // Commits / flushed, each run (before the trims rode on a step's commit: 17/16 in every trimming run).
    expect(commits).toEqual(Array.from({ length: runs }, () => '6/5'));
    expect((await readAssemblyRecords(store, scope, 's')).length).toBeLessThanOrEqual(5 + 10);
    expect((await memory.steps()).length).toBeGreaterThan(runs);
  });

  it("the closing read's ladder step waits for the next run's first step: 6 commits a run, shown meanwhile, then stored", async () => {
    const { store, counting, conversation } = await openCounted();
    const content = createContentStore({ store, scope, counter });
    // Compacts late (from 12 messages): the closing read, after the answer, is the read that makes a ladder step due.
    const memory = compactingView(conversation, content, { msgThreshold: 12 });
    const runs = 6;
    const assistant = lisbonAgent(runs, { memory, contentStore: content, recordAssembly: true });
    const ids = async () => ({
      shown: new Set(
        (await conversation.listArtifacts(undefined, undefined, { data: false })).map((a) => a.id),
      ),
      stored: new Set(
        (await store.listArtifacts(scope, 's', undefined, undefined, { data: false })).map((a) => a.id),
      ),
    });
    const commits: string[] = [];
    let carriedRuns = 0;
    let waiting: string[] = [];
    for (let run = 0; run < runs; run++) {
      commits.push(await commitsOfLisbonRun(counting, assistant, run));
      const { shown, stored } = await ids();
      // What the last run's closing read made is stored now (with this run's first step).
      for (const id of waiting) expect(stored.has(id), id).toBe(true);
      // What this run's closing read made: shown by the conversation, not yet stored.
      waiting = [...shown].filter((id) => !stored.has(id));
      if (waiting.length > 0) carriedRuns++;
    }
    expect(commits).toEqual(Array.from({ length: runs }, () => '6/5'));
    expect(carriedRuns).toBeGreaterThan(0);
  });

  it('a new conversation and view for every run (as a chat handler opens them): the next run takes in what the last one kept', async () => {
    const { store, counting } = await openCounted();
    const content = createContentStore({ store, scope, counter });
    const runs = 6;
    const viewOfRun = () =>
      compactingView(createConversationMemory({ store, scope, sessionId: 's', counter }), content, {
        msgThreshold: 12,
      });
    const assistant = lisbonAgent(runs, { memory: viewOfRun(), contentStore: content, recordAssembly: true });
    const stored = async () =>
      new Set(
        (await store.listArtifacts(scope, 's', undefined, undefined, { data: false })).map((a) => a.id),
      );
    const commits: string[] = [];
    let carriedRuns = 0;
    let waiting: string[] = [];
    for (let run = 0; run < runs; run++) {
      const memory = viewOfRun();
      const before = counting.log().length;
      const result = await assistant.run(`Read four pages about Lisbon food, run ${run}.`, undefined, {
        memory,
      }).result;
      expect(result.steps).toBe(5);
      const log = counting.log().slice(before);
      commits.push(`${log.length}/${log.filter((l) => l.startsWith('flushed')).length}`);
      const now = await stored();
      // What the last run's closing read kept was taken in by this run's first step (another view, another
      // conversation object of the same session): stored now, not in a commit of its own.
      for (const id of waiting) expect(now.has(id), id).toBe(true);
      const shown = (await memory.conversation.listArtifacts(undefined, undefined, { data: false })).map(
        (a) => a.id,
      );
      waiting = shown.filter((id) => !now.has(id));
      if (waiting.length > 0) carriedRuns++;
    }
    expect(commits).toEqual(Array.from({ length: runs }, () => '6/5'));
    expect(carriedRuns).toBeGreaterThan(0);
  });
});
