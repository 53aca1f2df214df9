/**
 * `npm run demo`: the chat agent (examples/chat-agent.ts) in two processes on one SQLite file. The first
 * starts from an empty database (`--reset`), tells the agent a few facts and has it read a large web page;
 * the second is a new process and a new session, and remembers the first through long-term memory and the
 * content store. Each step prints what the model was sent, by source, against the naive history. No API key and
 * no network unless OPENAI_API_KEY / ANTHROPIC_API_KEY is set (then a real model, see examples/README.md).
 *
 *   npm run demo            (the same as: npm run example -- demo)
 */

import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const chat = join(dirname(fileURLToPath(import.meta.url)), 'chat-agent.ts');
const runs: { title: string; args: string[] }[] = [
  { title: 'process 1: a fresh database', args: ['--reset'] },
  { title: 'process 2: a new process and a new session on the same file', args: [] },
];
for (const { title, args } of runs) {
  console.log(`\n━━━ ${title} ━━━`);
  // The same Node flags as this process (`--conditions=engram-source`, which resolves `engram` to the sources).
  const result = spawnSync(process.execPath, [...process.execArgv, chat, ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`chat-agent.ts exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}
