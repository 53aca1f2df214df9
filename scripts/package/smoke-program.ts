/**
 * The program the packed-package tests run on each runtime and bundle: a conversation on a new SQLite file, a
 * token window over it, a full-text search. It prints one JSON line. `import` loads engram with `import()`, `static`
 * with import declarations (as a bundled program does), `require` from CommonJS.
 */
export function smokeProgram(kind: 'import' | 'static' | 'require'): string {
  const load =
    kind === 'import'
      ? `const engram = await import('engram'); const sqlite = await import('engram/sqlite');`
      : kind === 'static'
        ? `import * as engram from 'engram'; import * as sqlite from 'engram/sqlite';`
        : `const engram = require('engram'); const sqlite = require('engram/sqlite');`;
  const body = `
    const { mkdtempSync, rmSync } = require('node:fs');
    const { tmpdir } = require('node:os');
    const { join } = require('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'engram-smoke-'));
    const store = sqlite.createSqliteStore({ path: join(dir, 'smoke.db') });
    const conversation = engram.createConversationMemory({ store, sessionId: 'smoke' });
    await conversation.store([
      { role: 'user', content: 'The deployment key for the billing service is kiwi-42.' },
      { role: 'assistant', content: 'Noted.' },
    ]);
    const window = engram.createTokenWindowMemory({ conversation, maxTokens: 1000 });
    const read = await window.read();
    const found = await conversation.search('deployment key');
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    console.log(JSON.stringify({ read: read.length, found: found.length }));`;
  return kind !== 'require'
    ? `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${load} ${body}`
    : `(async () => { ${load} ${body} })().catch((e) => { console.error(e); process.exit(1); });`;
}

/** What {@link smokeProgram} prints when engram works. */
export const smokeOutput = '{"read":2,"found":1}';
