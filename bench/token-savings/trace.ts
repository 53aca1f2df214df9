/**
 * The research-agent trace of the token-savings benchmark (seed 004's shape): a task, then per iteration an
 * assistant step with a short note and three tool calls — `web_search` (~8 KB JSON list), `web_fetch` (~50 KB
 * HTML page), `sql_query` (~50 KB JSON rows) — and their results. The text is real: the Markdown documentation
 * that the installed npm packages ship (read at run time from node_modules, never copied). One planted fact per
 * iteration sits inside one result, alternating between pages and rows (see {@link plantedFact}).
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { createPrng } from '../../src/testing/prng.ts';

/** A planted fact and where it is. */
export interface PlantedFact {
  /** The sentence. */
  text: string;
  /**
   * How someone who needs it would describe it, without its value: a paraphrase naming its subject
   * ("the staging DB password of cluster-4"), sharing some of the sentence's words and not others.
   */
  description: string;
  /** The iteration whose result holds it (1-based). */
  iteration: number;
  /** The tool call whose result holds it. */
  toolCallId: string;
}

/** The trace: messages per iteration and the planted facts. */
export interface ResearchTrace {
  /** The task message. */
  task: ModelMessage;
  /** Per iteration, the assistant step and its tool results. */
  iterations: ModelMessage[][];
  /** The planted facts. */
  facts: PlantedFact[];
  /** Bytes of the results by tool. */
  bytes: Record<string, number[]>;
}

/** The Markdown documents of the installed packages, in a stable order (the package's own node_modules). */
export function readDocuments(root: string): { name: string; text: string }[] {
  const dirs: string[] = [];
  for (const entry of readdirSync(root).sort()) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@'))
      for (const sub of readdirSync(join(root, entry)).sort()) dirs.push(join(entry, sub));
    else dirs.push(entry);
  }
  const docs: { name: string; text: string }[] = [];
  for (const dir of dirs) {
    for (const file of ['README.md', 'readme.md', 'Readme.md']) {
      const path = join(root, dir, file);
      try {
        if (statSync(path).size < 3000) continue;
        docs.push({ name: dir, text: readFileSync(path, 'utf8') });
        break;
      } catch {
        // no such file
      }
    }
  }
  return docs;
}

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A Markdown document as a simple HTML page of about `size` characters (headings and paragraphs). */
function htmlPage(title: string, markdown: string, size: number): string {
  const body: string[] = [];
  let length = 0;
  for (const line of markdown.split('\n')) {
    if (length > size) break;
    const t = line.trim();
    if (t === '') continue;
    const h = /^(#{1,3})\s+(.*)$/.exec(t);
    const html = h ? `<h${h[1]!.length}>${escapeHtml(h[2]!)}</h${h[1]!.length}>` : `<p>${escapeHtml(t)}</p>`;
    body.push(html);
    length += html.length;
  }
  return `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><nav>Docs | API | Blog</nav>${body.join('\n')}</body></html>`;
}

/**
 * The planted fact of iteration `n` and its description: five kinds (a deployment key, an invoice total, a
 * release version and date, a rotated password, a vendor contact) in turn, each naming its own subject
 * (`service-7`, `Borealis-8`, `atlas-9`, `cluster-10`, `eu-11`), described in other words than it is written.
 */
export function plantedFact(n: number): { text: string; description: string } {
  const code = (7919 * n) % 10_000;
  const kinds = [
    {
      text: `Internal note ${n}: the deployment key for service-${n} is K${n}-${code}X.`,
      description: `the deployment key for service-${n}`,
    },
    {
      text: `Billing update: invoice INV-2026-${n} for customer Borealis-${n} totals $${(code * 3.7).toFixed(2)}.`,
      description: `how much the invoice for customer Borealis-${n} came to`,
    },
    {
      text: `Release plan: component atlas-${n} ships as version 3.${n}.${code % 10} on 2026-0${1 + (n % 9)}-1${n % 10}.`,
      description: `which version of component atlas-${n} is shipping, and when`,
    },
    {
      text: `Ops: the staging database password for cluster-${n} was rotated to pw-${code}-q.`,
      description: `the staging DB password of cluster-${n}`,
    },
    {
      text: `Meeting notes: our vendor contact for region eu-${n} is Dana Whitfield (dana${n}@vendor.example).`,
      description: `who to contact at the vendor about region eu-${n}`,
    },
  ];
  return kinds[(n - 1) % kinds.length]!;
}

/** Builds the trace deterministically. */
export function buildTrace(options: {
  iterations: number;
  seed: number;
  docs: { name: string; text: string }[];
  pageChars?: number;
  searchChars?: number;
}): ResearchTrace {
  const { docs } = options;
  if (docs.length < 5) throw new Error('token-savings: too few documentation files under node_modules');
  const rand = createPrng(options.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const pageChars = options.pageChars ?? 50_000;
  const searchChars = options.searchChars ?? 8_000;
  /** About `size` characters of documentation text, from consecutive documents starting at a random one. */
  const text = (size: number) => {
    let out = '';
    let i = Math.floor(rand() * docs.length);
    while (out.length < size) out += `${docs[i++ % docs.length]!.text}\n`;
    return out.slice(0, size);
  };
  const task: ModelMessage = {
    role: 'user',
    content:
      'Survey how the libraries in this project document their APIs, and collect every access code, key and figure you find along the way.',
  };
  const iterations: ModelMessage[][] = [];
  const facts: PlantedFact[] = [];
  const bytes: Record<string, number[]> = { web_search: [], web_fetch: [], sql_query: [] };
  for (let n = 1; n <= options.iterations; n++) {
    const doc = pick(docs);
    const { text: fact, description } = plantedFact(n);
    const inPage = n % 2 === 1;
    const searchList = [];
    let size = 0;
    for (let k = 0; size < searchChars; k++) {
      const d = pick(docs);
      const entry = {
        title: `${d.name} — documentation ${k + 1}`,
        url: `https://docs.example/${d.name}/${n}/${k}`,
        snippet: text(600),
      };
      searchList.push(entry);
      size += JSON.stringify(entry).length;
    }
    const page = htmlPage(`${doc.name} documentation`, text(pageChars * 1.3), pageChars);
    // The fact goes in the middle of the page (not where a compactor's leading excerpt would show it).
    const middle = page.indexOf('<p>', Math.floor(page.length / 2));
    const at = middle < 0 ? page.lastIndexOf('</body>') : middle;
    const plantedPage = inPage ? `${page.slice(0, at)}<p>${fact}</p>${page.slice(at)}` : page;
    const rows = [];
    size = 0;
    for (let r = 0; size < pageChars; r++) {
      const row = {
        id: r,
        package: pick(docs).name,
        section: `s${r % 17}`,
        line: Math.floor(rand() * 900),
        excerpt: text(220),
      };
      rows.push(row);
      size += JSON.stringify(row).length;
    }
    if (!inPage)
      rows.splice(Math.floor(rows.length / 2), 0, {
        id: -1,
        package: 'ops',
        section: 'keys',
        line: 0,
        excerpt: fact,
      });
    const calls = [
      { toolCallId: `s${n}`, toolName: 'web_search', input: { query: `${doc.name} API reference` } },
      { toolCallId: `f${n}`, toolName: 'web_fetch', input: { url: `https://docs.example/${doc.name}` } },
      {
        toolCallId: `q${n}`,
        toolName: 'sql_query',
        input: { sql: `select * from doc_lines where package = '${doc.name}'` },
      },
    ];
    const outputs = [
      { type: 'json' as const, value: searchList },
      { type: 'text' as const, value: plantedPage },
      { type: 'json' as const, value: rows },
    ];
    bytes.web_search!.push(JSON.stringify(searchList).length);
    bytes.web_fetch!.push(plantedPage.length);
    bytes.sql_query!.push(JSON.stringify(rows).length);
    facts.push({ text: fact, description, iteration: n, toolCallId: inPage ? `f${n}` : `q${n}` });
    iterations.push([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Step ${n}: looking at ${doc.name} next.` },
          ...calls.map((c) => ({ type: 'tool-call' as const, ...c })),
        ],
      },
      {
        role: 'tool',
        content: calls.map((c, i) => ({
          type: 'tool-result' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          output: outputs[i]!,
        })),
      },
    ]);
  }
  return { task, iterations, facts, bytes };
}
