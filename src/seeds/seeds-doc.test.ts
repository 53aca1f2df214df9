/**
 * docs/seeds.md names an engram call for every part of the seeds. This test reads its tables and checks that
 * each name in the engram column exists: an export of an entry point, or a member of what engram's factories
 * and classes return. A row without a name must say `planned (issue N)` with one of the planned issues.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as aiSdk from '../ai-sdk.ts';
import * as converters from '../converters.ts';
import * as engram from '../index.ts';
import * as mem0 from '../mem0.ts';
import * as memoryTool from '../memory-tool.ts';
import * as patterns from '../patterns.ts';
import * as postgres from '../postgres.ts';
import * as sqlite from '../sqlite.ts';
import * as testing from '../testing.ts';

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/seeds.md', root), 'utf8');
const plannedIssues = new Set(['8', '9', '10', '11', '12']);

/**
 * Every name a table may use: entry exports (types too, read from the API reports), members of what the factories
 * and classes return, and property names declared in the sources (options, fields).
 */
function knownNames(): Set<string> {
  const names = new Set<string>();
  // Every export of every entry point, types included, from the API reports (checked against the entries).
  for (const report of readdirSync(new URL('api/', root)).filter((file) => file.endsWith('.api.md'))) {
    const text = readFileSync(new URL(`api/${report}`, root), 'utf8');
    for (const m of text.matchAll(/^\| `([A-Za-z_$][\w$]*)` \|/gm)) names.add(m[1]!);
  }
  for (const module of [engram, sqlite, postgres, aiSdk, testing, converters, mem0, memoryTool, patterns])
    for (const k of Object.keys(module)) names.add(k);
  for (const name of declaredProperties()) names.add(name);
  const addMembers = (value: object) => {
    for (let o: object | null = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const k of Object.getOwnPropertyNames(o)) names.add(k);
    }
  };
  const store = engram.createMemoryStore();
  const memory = engram.createConversationMemory({ store });
  const summarizer = async () => 'summary';
  for (const value of [
    store,
    memory,
    engram.createSessions({ store }),
    engram.SessionManager.forSessionId('s'),
    engram.SessionManager,
    engram.createTokenCounter(),
    new engram.SimpleMemory(),
    new engram.SlidingWindowMemory(),
    new engram.TokenWindowMemory([], 100),
    new engram.SummarizingMemory([], { summarizer }),
    engram.createSlidingWindowMemory({ conversation: memory, windowSize: 1 }),
    engram.createTokenWindowMemory({ conversation: memory, maxTokens: 100 }),
    engram.createSummarizingMemory({ conversation: memory, keepRecent: 1, summarizer }),
    engram.createContentStore(),
    engram.createCitationMemory({ conversation: memory, content: engram.createContentStore() }),
    engram.createAutoContextMemory({
      conversation: memory,
      content: engram.createContentStore(),
      maxTokens: 100,
    }),
    engram.toMemoryMessage(
      { role: 'user', content: 'x' },
      { metadata: {}, name: 'n', agent: { from: 'a', to: 'b', kind: 'call' } },
    ),
  ])
    addMembers(value);
  return names;
}

/** The rows of every mapping table (header `| seed … | engram | … |`): [seed column, engram column]. */
function rows(): { seed: string; engram: string }[] {
  const out: { seed: string; engram: string }[] = [];
  let mapping = false;
  for (const line of doc.split('\n')) {
    if (!line.startsWith('| ')) {
      mapping = false;
      continue;
    }
    if (/^\|\s*-/.test(line)) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    if (cells[1] === 'engram') mapping = true;
    else if (mapping) out.push({ seed: cells[0]!, engram: cells[1]! });
  }
  return out;
}

/** Property and method names declared in engram's sources (options, fields, interface methods), e.g. `maxMessages?: number`. */
function declaredProperties(): string[] {
  const out: string[] = [];
  const dir = new URL('src/', root);
  for (const file of readdirSync(dir, { recursive: true }).map(String)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const m of text.matchAll(/^\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)\??:/gm)) out.push(m[1]!);
    // Method signatures of interfaces, e.g. `recallEpisode(query: string): Promise<…>;`
    for (const m of text.matchAll(/^\s+([A-Za-z_$][\w$]*)\(.*\):\s.*;$/gm)) out.push(m[1]!);
  }
  return out;
}

/** Names a code span uses: called identifiers, accessed members, or the span itself when it is one identifier. */
function namesIn(span: string): string[] {
  if (/^[A-Za-z_$][\w$]*$/.test(span)) return [span];
  const names = new Set<string>();
  for (const m of span.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)) names.add(m[1]!);
  for (const m of span.matchAll(/\.([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  return [...names];
}

describe('docs/seeds.md', () => {
  const table = rows();
  const known = knownNames();

  it('has a row for each part of the five seeds', () => {
    expect(table.length).toBeGreaterThan(120);
  });

  it('names only engram calls that exist', () => {
    const missing: string[] = [];
    for (const row of table) {
      if (row.engram.startsWith('planned')) continue;
      for (const span of row.engram.matchAll(/`([^`]+)`/g)) {
        if (span[1]!.startsWith("'") || span[1]!.includes('-')) continue; // a string or a part type
        for (const name of namesIn(span[1]!)) if (!known.has(name)) missing.push(`${name} (in ${row.seed})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks each row either with engram calls or as planned in one of the planned issues', () => {
    for (const row of table) {
      if (row.engram.startsWith('planned')) {
        const issues = [...row.engram.matchAll(/\d+/g)].map((m) => m[0]);
        expect(issues.length, row.seed).toBeGreaterThan(0);
        for (const n of issues) expect(plannedIssues.has(n), `${row.seed}: issue ${n}`).toBe(true);
      } else {
        expect(row.engram, row.seed).toMatch(/`[^`]+`/);
      }
    }
  });
});
