import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { ContextAssembly } from '../views/assembly/context-assembly.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-context-budget-'));
const db = join(dir, 'c.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const memory = createConversationMemory({ store, scope: { tenant: 'acme' }, sessionId: 'chat' });
  await memory.store([
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi' },
  ]);
  store.close();
});

describe('engram context --view: every --budget the flag takes assembles', () => {
  it.each(['token-window', 'sliding-window'])(
    '%s with the largest --budget sends the whole log (no internal overflow error)',
    (view) => {
      const budget = String(Number.MAX_SAFE_INTEGER);
      const r = runEngram(
        '--db',
        db,
        '--tenant',
        'acme',
        '--json',
        'context',
        'chat',
        '--view',
        view,
        '--budget',
        budget,
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const assembly = JSON.parse(r.out) as ContextAssembly;
      expect(assembly.items.map((i) => i.role)).toEqual(['system', 'user', 'assistant']);
    },
  );
});
