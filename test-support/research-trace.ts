import type { ModelMessage } from 'ai';
import { createPrng } from '../src/testing/prng.ts';

/** Options of {@link researchTrace}. */
export interface ResearchTraceOptions {
  /** Agent iterations (one assistant step with tool calls and their results each). @default 12 */
  iterations?: number;
  /** Characters of a web page result. @default 20,000 */
  pageChars?: number;
  /** PRNG seed. @default 1 */
  seed?: number;
}

/** A planted fact: its text and the tool call whose result holds it. */
export interface PlantedFact {
  /** The sentence. */
  text: string;
  /** The iteration it was returned in. */
  iteration: number;
  /** The tool call id of the result holding it. */
  toolCallId: string;
}

const words =
  'memory agent context token budget window search result page table column value cache prefix summary citation store retrieve'.split(
    ' ',
  );

/**
 * A deterministic research-agent conversation in seed 004's shape for tests: a task, then per iteration an
 * assistant step calling `web_search` (a JSON list), `web_fetch` (an HTML page) and sometimes `sql_query`
 * (JSON rows), their results, and a short assistant note; one planted fact per iteration inside a result.
 */
export function researchTrace(options: ResearchTraceOptions = {}): {
  messages: ModelMessage[];
  facts: PlantedFact[];
} {
  const iterations = options.iterations ?? 12;
  const pageChars = options.pageChars ?? 20_000;
  const rand = createPrng(options.seed ?? 1);
  const pick = () => words[Math.floor(rand() * words.length)]!;
  const prose = (n: number) => {
    let out = '';
    while (out.length < n) out += `${pick()} ${pick()} ${pick()} ${pick()}. `;
    return out.slice(0, n);
  };
  const messages: ModelMessage[] = [
    { role: 'user', content: 'Research how agent memory systems keep context small.' },
  ];
  const facts: PlantedFact[] = [];
  for (let i = 1; i <= iterations; i++) {
    const fact = `The access code for vault-${i} is QX-${1000 + i * 7}.`;
    const calls = [
      { toolCallId: `s${i}`, toolName: 'web_search', input: { query: `${pick()} ${pick()}` } },
      { toolCallId: `f${i}`, toolName: 'web_fetch', input: { url: `https://example.com/${i}` } },
      ...(i % 3 === 0
        ? [{ toolCallId: `q${i}`, toolName: 'sql_query', input: { sql: 'select * from t' } }]
        : []),
    ];
    messages.push({ role: 'assistant', content: calls.map((c) => ({ type: 'tool-call' as const, ...c })) });
    const half = Math.floor(pageChars / 2);
    const page = `<html><head><title>Page ${i}</title></head><body><h1>Page ${i}</h1><p>${prose(half)}</p><p>${fact}</p><p>${prose(half)}</p></body></html>`;
    const results = calls.map((c) => {
      if (c.toolName === 'web_search') {
        return {
          ...c,
          output: {
            type: 'json' as const,
            value: Array.from({ length: 8 }, (_, k) => ({
              title: `${pick()} ${k}`,
              url: `https://example.com/${i}/${k}`,
              snippet: prose(300),
            })),
          },
        };
      }
      if (c.toolName === 'web_fetch') return { ...c, output: { type: 'text' as const, value: page } };
      return {
        ...c,
        output: {
          type: 'json' as const,
          value: Array.from({ length: 60 }, (_, k) => ({
            id: k,
            name: pick(),
            value: Math.floor(rand() * 1000),
          })),
        },
      };
    });
    facts.push({ text: fact, iteration: i, toolCallId: `f${i}` });
    messages.push({
      role: 'tool',
      content: results.map(({ input: _input, ...r }) => ({ type: 'tool-result' as const, ...r })),
    });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Noted what page ${i} says.` }] });
  }
  return { messages, facts };
}
