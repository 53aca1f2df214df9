import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerInputTokens, scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent } from '../ai-sdk/agent/agent.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import { createTokenWindowMemory } from '../views/token-window-memory.ts';

const bin = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-cli-context-'));
const db = join(dir, 'agent.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real `engram` binary on the fixture database of tenant `acme`, user `ada`. */
function engram(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--no-warnings', bin, '--db', db, '--tenant', 'acme', '--user', 'ada', ...args],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const counter = createTokenCounter({ encoding: 'o200k_base' });

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const scope = { tenant: 'acme', user: 'ada' };
  const memory = createConversationMemory({ store, scope, sessionId: 'trip', counter });
  await memory.store({ role: 'system', content: 'An old system message in the log.' });
  for (let i = 0; i < 30; i++) {
    await memory.store({ role: 'user', content: `Question ${i} about Lisbon ${'and more '.repeat(20)}` });
    await memory.store({ role: 'assistant', content: `Answer ${i} ${'details '.repeat(20)}` });
  }
  const lookup = tool({
    description: 'Looks something up.',
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }) => `${q}: ${'fact '.repeat(200)}`,
  });
  const { model } = scriptedLanguageModel(
    [{ toolCalls: [{ toolName: 'lookup', input: { q: 'trams' } }] }, { text: 'Tram 28.' }],
    { countInput: (call) => providerInputTokens(counter, call) },
  );
  const assistant = agent({
    name: 'guide',
    description: 'A guide',
    model,
    instructions: 'You are a Lisbon guide.',
    tools: { lookup },
    memory: createTokenWindowMemory({ conversation: memory, maxTokens: 2_000 }),
    recordAssembly: true,
  });
  await assistant.run('Which tram goes to the castle?').result;
  // A session no agent recorded steps of.
  await createConversationMemory({ store, scope, sessionId: 'plain' }).store({ role: 'user', content: 'Hi' });
  await store.close();
});

describe('engram context (the real binary)', () => {
  it('lists the recorded steps with tokens by source and the provider’s count', () => {
    const r = engram('context', 'trip');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^session trip · 2 recorded step\(s\), \d{4}-\d\d-\d\d [\d:]{8} → .* UTC$/);
    expect(lines[1]).toBe('view agent/token-window · agent guide');
    expect(lines[3]).toMatch(/^step\s+time\s+run\s+tokens\s+provider\s+instructions\s+tools/);
    expect(lines).toHaveLength(7); // title, view and agent, blank, header, rule, two steps
    // `step` is what --step takes (1 the oldest); both steps are of the agent's first run.
    expect(lines[5]).toMatch(/^1\s+[\d:]{8}\s+1\s+\d+/);
    expect(lines[6]).toMatch(/^2\s+[\d:]{8}\s+1\s+\d+/);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('--step shows one step’s composition, the provider’s count, and what was left out by which rule', () => {
    const json = engram('context', 'trip', '--step', '-1', '--json');
    expect(json.code).toBe(0);
    const record = JSON.parse(json.out) as AssemblyRecord;
    expect(record.step).toBe(1);
    expect(record.provider!.inputTokens - record.tokens).toBe(record.provider!.unattributed);
    const table = engram('context', 'trip', '--step', '2');
    expect(table.code).toBe(0);
    expect(table.out).toContain(
      'view agent/token-window · budget 2,000 · counter o200k_base · step 2 of 2 · agent guide',
    );
    const row = (name: string) => table.out.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
    expect(row('total')).toMatch(new RegExp(`^total\\s+${record.items.length}\\s+${record.tokens}\\s+100%`));
    expect(row('provider reported')).toContain(String(record.provider!.inputTokens));
    expect(row('tool-result')).toMatch(/^tool-result\s+1\s+\d+/);
    expect(table.out).toMatch(/\nleft out\n/);
    expect(table.out).toMatch(/\nbudget\s+1–\d+\s+\d+\s+\?\s+older units/);
    expect(table.out).toMatch(/\nnot-sent\s+1\s+1\s+\d+\s+a system message of the log/);
    const items = engram('context', 'trip', '--step', '2', '--items');
    expect(items.out).toMatch(/\nitems\n/);
    expect(items.out).toMatch(/\ninstructions\s+system\s+\d+\s+the agent's instructions/);
    for (const line of items.out.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('--view assembles now without writing: a token window of a given budget', () => {
    const before = engram('context', 'trip', '--json').out;
    const r = engram('context', 'trip', '--view', 'token-window', '--budget', '300', '--json');
    expect(r.code).toBe(0);
    const assembly = JSON.parse(r.out) as AssemblyRecord;
    expect(assembly.view).toBe('token-window');
    expect(assembly.budget).toBe(300);
    expect(assembly.tokens).toBeLessThanOrEqual(300);
    expect(assembly.items[0]!.why).toBe('system message (always kept)');
    expect(engram('context', 'trip', '--json').out).toBe(before);
  });

  it('--step of a session with no recorded steps says there are none and how to record them', () => {
    expect(engram('context', 'plain', '--step', '-1')).toEqual({
      code: 2,
      out: '',
      err: 'engram: --step -1: session "plain" has no recorded steps (record them with agent({ recordAssembly: true }), or use --view)\n',
    });
  });

  it('usage and scope errors exit with their codes', () => {
    expect(engram('context', 'trip', '--step', '9').code).toBe(2);
    expect(engram('context', 'trip', '--step', '0').code).toBe(2);
    expect(engram('context', 'trip', '--view', 'auto-context', '--budget', '10').code).toBe(2);
    expect(engram('context', 'trip', '--view', 'token-window').code).toBe(2);
    const missing = engram('context', 'nope');
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/nope/);
    // The same session id under another user is not found.
    const other = spawnSync(
      process.execPath,
      ['--no-warnings', bin, '--db', db, '--tenant', 'acme', '--user', 'bob', 'context', 'trip'],
      {
        encoding: 'utf8',
      },
    );
    expect(other.status).toBe(3);
  });
});
