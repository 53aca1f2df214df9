/**
 * A research agent with sub-agents over a tool-heavy task. The lead agent hands one topic each to a
 * `researcher` sub-agent, built as an AI SDK tool whose `execute` runs the sub-agent and returns its answer.
 * Every sub-agent run has its own memory (a new conversation seen through a citation view: isolated from the
 * lead's and from its siblings') and shares the lead's content store (`contentForSubAgent(content, 'shared')`),
 * so the pages it reads are kept there and the lead can list and read them without their text ever passing
 * through its own context. Each sub-agent searches and reads two ~12 KB pages.
 *
 * With no API key the models are scripted MockLanguageModelV4s that decide from what they were sent; with
 * OPENAI_API_KEY or ANTHROPIC_API_KEY set and @ai-sdk/openai or @ai-sdk/anthropic installed, a real model.
 *
 *   npm run example -- research-agent
 */

import { tool } from 'ai';
import {
  contentForSubAgent,
  createCitationMemory,
  createContentStore,
  createConversationMemory,
  createTokenCounter,
} from 'engram';
import { agent } from 'engram/ai-sdk';
import { z } from 'zod';
import {
  exampleModel,
  recordPrompts,
  type ScriptedReply,
  type SentPrompt,
  textOf,
} from './shared/example-model.ts';

const TOPICS = ['SQLite', 'PostgreSQL', 'DuckDB'] as const;
const FACTS: Record<string, string[]> = {
  SQLite: ['embedded, one file, no server', 'FTS5 full-text search is built in'],
  PostgreSQL: ['many processes and machines share one server', 'tsvector search and pgvector for vectors'],
  DuckDB: ['embedded and columnar, made for analytics', 'single writer; not meant for many small writes'],
};

// ---- the tools sub-agents use: a search engine and pages, deterministic ----

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const web_search = tool({
  description: 'Searches the web; returns titles and urls.',
  inputSchema: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const topic = TOPICS.find((t) => query.toLowerCase().includes(t.toLowerCase())) ?? 'SQLite';
    return [1, 2].map((n) => ({
      title: `${topic} for agent memory, part ${n}`,
      url: `https://docs.example/${slug(topic)}/part-${n}`,
    }));
  },
});
const fetch_page = tool({
  description: 'Fetches a page and returns its text.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    const topic = TOPICS.find((t) => url.includes(slug(t))) ?? 'SQLite';
    const n = url.endsWith('2') ? 1 : 0;
    const filler = `${topic} has a long history, a large community and more configuration options than any single page can list; this paragraph is here to make the page as long as real documentation. `;
    return `# ${topic}, part ${n + 1}\nKey fact: ${FACTS[topic]![n]}.\n\n${filler.repeat(60)}`;
  },
});

// ---- scripted models: each decides from the prompt it was sent ----

const lastUser = (p: SentPrompt) => p.findLastIndex((m) => m.role === 'user');
/** The tool results since the last user message, one per call (parallel calls share a tool message). */
const resultsSince = (p: SentPrompt) =>
  p
    .slice(lastUser(p) + 1)
    .flatMap((m) =>
      m.role === 'tool'
        ? m.content.flatMap((part) =>
            part.type === 'tool-result'
              ? [{ tool: part.toolName, text: textOf({ role: 'tool', content: [part] }) }]
              : [],
          )
        : [],
    );

function researcherDecides(prompt: SentPrompt): ScriptedReply {
  const task = textOf(prompt[lastUser(prompt)]);
  const results = resultsSince(prompt);
  if (results.length === 0) return { toolCalls: [{ toolName: 'web_search', input: { query: task } }] };
  const urls = [...results[0]!.text.matchAll(/https:\/\/[^"\s]+/g)].map((m) => m[0]);
  if (results.length <= urls.length)
    return { toolCalls: [{ toolName: 'fetch_page', input: { url: urls[results.length - 1] } }] };
  // Key facts from the pages: in full on first use, as citations (with a summary) after.
  const facts = [
    ...new Set(
      [
        ...results
          .map((r) => r.text)
          .join('\n')
          .matchAll(/Key fact: ([^.\n]+)/g),
      ].map((m) => m[1]),
    ),
  ];
  const cited = results.filter((r) => r.text.includes('[engram: ')).length;
  return {
    text: `${facts.join('; ')} (${urls.length} pages read${cited ? `, ${cited} now cited from the content store` : ''}).`,
  };
}

function leadDecides(prompt: SentPrompt): ScriptedReply {
  const results = resultsSince(prompt);
  if (results.length === 0)
    return {
      toolCalls: TOPICS.map((topic) => ({
        toolName: 'researcher',
        input: { task: `Find the key facts about ${topic} as the store of an agent's memory.` },
      })),
    };
  const listed = results.find((r) => r.tool === 'query_memory');
  if (!listed) return { toolCalls: [{ toolName: 'query_memory', input: { source: 'fetch_page' } }] };
  const findings = results
    .filter((r) => r.tool === 'researcher')
    .map((r, i) => `- ${TOPICS[i]}: ${r.text.trim()}`);
  const pages = (listed.text.match(/"id":/g) ?? []).length;
  return {
    text: `Report: which store for an agent's memory?\n${findings.join('\n')}\nPick SQLite for one process, PostgreSQL for many. (${pages} source pages are kept in the content store, citable by id.)`,
  };
}

// ---- the agents ----

const counter = createTokenCounter();
const content = createContentStore({ counter, space: 'research' });
/** What the researchers get: the lead's own store (what either stores, the other sees). */
const shared = await contentForSubAgent(content, 'shared');
const lead = await exampleModel(leadDecides);
const sub = lead.scripted ? { model: (await exampleModel(researcherDecides)).model } : lead;

const leadPrompts: number[] = [];
const subPrompts: number[] = [];
const tokens = (p: SentPrompt) =>
  p.reduce((s, m) => s + counter.count(m as Parameters<typeof counter.count>[0]), 0);

const researcher = agent({
  name: 'researcher',
  description: 'Researches one topic on the web and answers with its key facts, briefly.',
  model: recordPrompts(sub.model, (p) => {
    subPrompts.push(tokens(p));
  }),
  instructions:
    'Search the web, read the two most relevant pages, and answer with the key facts in one sentence.',
  tools: { web_search, fetch_page },
  contentStore: shared,
});

/** The sub-agent as a tool: each call runs it on its own memory; the shared content store keeps its pages. */
const researcherTool = tool({
  description: researcher.description,
  inputSchema: z.object({ task: z.string().describe('What to find out') }),
  execute: async ({ task }, { abortSignal }) => {
    const memory = createCitationMemory({
      conversation: createConversationMemory({ counter }),
      content: shared,
    });
    const { stream, result } = researcher.run(task, undefined, {
      memory,
      ...(abortSignal ? { abortSignal } : {}),
    });
    for await (const e of stream)
      if (e.type === 'tool-call')
        console.log(`      [researcher] → ${e.toolName}(${JSON.stringify(e.input)})`);
    return (await result).text;
  },
});

const leadAgent = agent({
  name: 'lead',
  description: 'Plans the research, delegates topics to researchers and writes the report.',
  model: recordPrompts(lead.model, (p) => {
    leadPrompts.push(tokens(p));
  }),
  instructions:
    'Delegate each topic to the researcher tool (one call per topic, in parallel), check the stored sources with query_memory, then write a short report.',
  tools: { researcher: researcherTool },
  contentStore: content,
  memory: createConversationMemory({ counter }),
});

console.log(`engram research agent — model: ${lead.label}`);
const task = 'Which store should an LLM agent keep its memory in: SQLite, PostgreSQL or DuckDB?';
console.log(`\nuser: ${task}`);
const { stream, result } = leadAgent.run(task);
for await (const e of stream) {
  if (e.type === 'tool-call') console.log(`  [lead] → ${e.toolName}(${JSON.stringify(e.input)})`);
  if (e.type === 'tool-result' && e.toolName === 'researcher')
    console.log(`  [lead] ← researcher: ${String(e.output)}`);
}
const { text } = await result;
console.log(`\nlead: ${text}`);

const stored = await content.query({ source: 'fetch_page', limit: 50 });
const pageTokens = stored.items.reduce((s, i) => s + i.tokens, 0);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0).toLocaleString('en-US');
console.log(
  `\nPrompt tokens — lead: ${leadPrompts.length} model calls, ${sum(leadPrompts)} prompt tokens in all; researchers: ${subPrompts.length} model calls, ${sum(subPrompts)} prompt tokens in all.`,
);
console.log(
  `Shared content store: ${stored.items.length} pages (${pageTokens.toLocaleString('en-US')} tokens) written by the researchers, listed by the lead; none of their text entered the lead's context.`,
);
