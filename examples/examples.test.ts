import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/sqlite.ts';
import { REPLY_PRIMING_TOKENS } from '../src/tokens/token-counter.ts';
import { readAssemblyRecords } from '../src/views/assembly/assembly-records.ts';
import { startWebChat } from './web-chat/web-chat-process.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs an example by its documented command, `npm run example -- <name>` from the repository root (npm puts the
 * Node 24 of `node_modules/.bin` first on the PATH), with no provider key: the scripted models.
 */
function runExample(name: string): string {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ENGRAM_DEMO_DIR: dir,
    npm_config_update_notifier: 'false',
  };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  const r = spawnSync('npm', ['run', 'example', '--', name], {
    cwd: join(here, '..'),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** The cells of the table row printed for a step, after the line of a user's prompt (numbers, by source). */
function firstRowAfter(output: string, prompt: string): number[] {
  const lines = output.split('\n');
  const at = lines.indexOf(`user: ${prompt}`);
  const row = lines[at + 2] ?? '';
  return row
    .replace('│', ' ')
    .trim()
    .split(/\s+/)
    .map((c) => Number(c.replace(/[,%]/g, '')));
}

/** What the demo printed (the first test runs it; the hint test reads its last line). */
let demoOutput = '';

describe('examples (no API key: scripted MockLanguageModelV4)', () => {
  it('npm run demo: the chat agent in two processes on one SQLite file; the second run remembers the first', () => {
    const out = runExample('demo');
    demoOutput = out;
    expect(out).toContain('run 1 (a fresh database)');
    expect(out).toContain('run 2 (1 earlier session(s) on disk)');
    expect(out).toContain(
      'step   instructions long-term summaries citations  recent │    sent    naive  saved',
    );
    // Run 1: the ~22 KB page is read in full once, then shown as a citation.
    expect(out).toMatch(/← web_fetch: 2\d,\d{3} characters/);
    const [, , , , citations] = firstRowAfter(out, 'Thanks, I will try the first one on Friday.');
    expect(citations).toBeGreaterThan(0);
    // Run 2, a new process and session: the facts come from long-term memory in the prompt.
    const second = out.slice(out.indexOf('run 2 ('));
    const [step, instructions, longTerm, , , recent, sent, naive] = firstRowAfter(
      second,
      'Hello again. Do you remember my name, where I live and what I am allergic to?',
    );
    expect(step).toBe(1);
    expect(instructions).toBeGreaterThan(0);
    expect(longTerm).toBeGreaterThan(0);
    expect(sent).toBe(instructions! + longTerm! + recent!);
    expect(naive).toBeGreaterThan(sent!);
    expect(second).toContain(
      'assistant: Yes: your name is Ada, you live in Lisbon, you are allergic to peanuts.',
    );
    expect(second).toContain('→ retrieve_from_memory(');
    expect(second).toContain('18 dishes are peanut-free');
    const [, , , summaries] = firstRowAfter(second, 'Thanks! Remind me, what is my name again?');
    expect(summaries).toBeGreaterThan(0);
  });

  it('npm run demo ends with a command that works where it is printed (the repository root)', () => {
    const hints = [
      ...demoOutput.matchAll(/What each step sent, by source: (npm run engram -- context .*)$/gm),
    ];
    expect(hints).toHaveLength(2);
    const hint = hints[1]?.[1];
    expect(hint).toMatch(/^npm run engram -- context chat-2 --db \S+ --tenant demo --user ada$/);
    const r = spawnSync('npm', ['run', '--silent', ...(hint ?? '').split(' ').slice(2)], {
      cwd: join(here, '..'),
      env: { ...process.env, npm_config_update_notifier: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('long-term');
  });

  it('npm run example with no name lists the examples; with an unknown one, on stderr with exit code 2', () => {
    const r = spawnSync('npm', ['run', '--silent', 'example', '--', 'no-such-example'], {
      cwd: join(here, '..'),
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('No example "no-such-example".');
    const examples = 'Examples: ai-sdk-adapters, anthropic-memory-tool, chat-agent, demo, langgraph';
    expect(r.stderr).toContain(examples);
    const list = spawnSync('npm', ['run', '--silent', 'example'], {
      cwd: join(here, '..'),
      encoding: 'utf8',
    });
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(examples);
  });

  it('npm run demo records every step: totals match the view’s own counts and the provider’s within the reply priming', async () => {
    // The previous test ran the demo into `dir`: two sessions, every step recorded (`recordAssembly: true`).
    const store = createSqliteStore({ path: join(dir, 'chat.db') });
    const scope = { tenant: 'demo', user: 'ada' };
    const sessions = await store.listSessions(scope);
    expect(sessions.map((s) => s.id).sort()).toEqual(['chat-1', 'chat-2']);
    let steps = 0;
    const seen = new Set<string>();
    for (const s of sessions) {
      const records = await readAssemblyRecords(store, scope, s.id);
      expect(records.length).toBeGreaterThanOrEqual(3);
      for (const r of records) {
        steps++;
        for (const i of r.items) seen.add(i.source);
        expect(r.counter).toEqual({ encoding: 'o200k_base', exact: true });
        expect(r.tokens).toBe(r.items.reduce((n, i) => n + i.tokens, 0));
        const fromView = r.items
          .filter((i) => ['summary', 'citation', 'message', 'tool-result'].includes(i.source))
          .reduce((n, i) => n + i.tokens, 0);
        const notSent = r.dropped
          .filter((d) => d.rule === 'not-sent')
          .reduce((n, d) => n + (d.tokens ?? 0), 0);
        expect(fromView + notSent).toBe(r.viewTokens);
        expect(r.provider?.unattributed).toBe(REPLY_PRIMING_TOKENS);
      }
    }
    expect(steps).toBeGreaterThanOrEqual(8);
    for (const source of [
      'instructions',
      'tools',
      'long-term',
      'summary',
      'citation',
      'message',
      'tool-result',
    ])
      expect(seen, source).toContain(source);
    await store.close();
  });

  it('research-agent.ts: sub-agents as tools, isolated memories, one shared content store', () => {
    const out = runExample('research-agent');
    expect(out.match(/\[lead\] → researcher\(/g)).toHaveLength(3);
    expect(out.match(/\[researcher\] → fetch_page\(/g)).toHaveLength(6);
    expect(out).toContain('- SQLite: embedded, one file, no server; FTS5 full-text search is built in');
    expect(out).toContain('- DuckDB: embedded and columnar');
    expect(out).toContain('Shared content store: 6 pages');
  });

  it('ai-sdk-adapters.ts: withMemory and memoryPrepareStep remember the name', () => {
    const out = runExample('ai-sdk-adapters');
    expect(out).toContain('→ Hello Ada!');
    expect(out).toContain('→ You are Ada.');
  });

  it('openai-agents-session.ts: the Agents SDK run loop keeps its conversation in SQLite across reopens', () => {
    const out = runExample('openai-agents-session');
    expect(out).toContain('assistant: It is sunny and 21°C in Lisbon.');
    expect(out).toContain('user: What is my name?\nassistant: Your name is Ada.');
    expect(out).toContain('8 items in the session');
    expect(out).toMatch(/assistant \[tool-call weather\]\n {2}tool {6}\[tool-result weather\]/);
    expect(out).toContain(
      '8 items: message, function_call, function_call_result, message, message, function_call, function_call_result, message',
    );
  });

  it('anthropic-memory-tool.ts: memory files saved in one conversation are read and edited in the next', () => {
    const out = runExample('anthropic-memory-tool');
    expect(out).toContain('File created successfully at: /memories/user.md');
    expect(out).toContain('51B\t/memories/user.md');
    expect(out).toContain('The memory file has been edited.');
    expect(out).toContain('Error: The path "/memories/../../etc/passwd" is not allowed');
    expect(out).toContain('assistant: You live in Lisbon now (before: Oslo).');
    expect(out).toContain('"tool_use_id": "toolu_01"');
  });

  it('views-replay.ts (npm run demo:views): no view splits a tool pair', () => {
    expect(runExample('views-replay')).toContain('Tool pairs split by any view, at any turn: 0.');
  });

  it('memory-agent.ts: working memory, core blocks and consolidation keep the facts while the context stays small', () => {
    const out = runExample('memory-agent');
    expect(out).toContain('# User\n- Name: Ada\n- City: Lisbon');
    expect(out).toContain('Daughter: Maria (school in September)');
    const last = out.split('\n').find((l) => l.trimStart().startsWith('40 '));
    const [, sent, , naive] = /^\s*40\s+(\d+)\s+\(([^)]*)\)\s+(\d+)/.exec(last ?? '') ?? [];
    expect(Number(sent)).toBeLessThan(Number(naive) / 1.5);
    expect(out).toMatch(/observations: \d+ ranges; reflections: [1-9]/);
  });

  it('langgraph.ts: a StateGraph on engram resumes after a restart, shares the store across threads, and its log holds each message once', () => {
    const out = runExample('langgraph');
    expect(out).toContain(
      'process 2 (restarted), thread chat-1 resumes from its checkpoint\n  user: What is my name?\n  assistant: Your name is Ada.',
    );
    expect(out).toContain('assistant: From earlier chats: {"name":"Ada","city":"Lisbon"}');
    expect(out).toMatch(/thread chat-1 is session "langgraph:chat-1": \d+ checkpoints, 6 log entries/);
    expect(out).toContain('  3. user: I live in Lisbon.');
  });

  it('web-chat (a server): starts, answers one POST /api/chat with a streamed reply, keeps the chat, stops on SIGTERM', async () => {
    // The page itself, reloads, two pages and Stop are driven in Chromium by web-chat/web-chat.browser.test.ts.
    const server = await startWebChat(join(dir, 'web-chat.db'));
    try {
      const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello there.' }] };
      const response = await fetch(`${server.url}api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'chat-1', message }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const stream = await response.text();
      expect(stream.match(/"type":"text-delta"/g)?.length).toBeGreaterThan(5);
      const stored = (await (await fetch(`${server.url}api/chats/chat-1`)).json()) as UIMessage[];
      expect(stored).toMatchObject([message, { role: 'assistant' }]);
      expect(JSON.stringify(stored[1]?.parts)).toContain('You said: \\"Hello there.\\"');
      // A chat id engram does not accept (over its id length limit) is the client's error, said as such.
      const bad = await fetch(`${server.url}api/chats/${'x'.repeat(2000)}`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain(
        'chatId must be a non-empty string of at most 256 characters',
      );
    } finally {
      await server.stop();
    }
    expect(server.output()).toContain('stopped: the server and the database are closed');
  });
});
