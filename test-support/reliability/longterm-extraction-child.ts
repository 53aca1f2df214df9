/**
 * Child script of the long-term extraction crash test: records `turns` user turns (ten per `record` call) into a
 * long-term memory with `recording: 'facts'` on a SQLite file, then flushes. Its extractor adds one fact per turn
 * and prints `extract <n> <first turn>` before answering; on call `killAtCall` it SIGKILLs the process instead,
 * in the middle of the run (after the extractor was called, before any of its decisions is applied).
 */

import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import type { FactExtractor } from '../../src/longterm/fact-extractor.ts';
import { childConfig, emit } from './child-process.ts';
import { extractionScope, extractionTurns } from './longterm-extraction-turns.ts';

/** What the parent passes in argv[2]. */
export interface ExtractionChildConfig {
  path: string;
  turns: number;
  killAtCall: number;
}

const config = childConfig<ExtractionChildConfig>();
let calls = 0;
const extractor: FactExtractor = {
  async extract(turns) {
    calls++;
    emit(`extract ${calls} ${turns[0]?.text ?? ''}`);
    if (calls === config.killAtCall) process.kill(process.pid, 'SIGKILL');
    return turns.map((t) => ({ event: 'ADD' as const, text: `Fact about ${t.text}` }));
  },
};
const store = createSqliteStore({ path: config.path });
const memory = createLongTermMemory({
  store,
  scope: extractionScope,
  session: 'crash',
  recording: 'facts',
  extractor,
  // Background runs start on each record; errors other than the kill would show in stderr.
  onError: (e) => process.stderr.write(`${String(e)}\n`),
});
const messages = extractionTurns(config.turns);
for (let i = 0; i < messages.length; i += 10) await memory.record(messages.slice(i, i + 10));
emit('recorded');
await memory.flush();
emit('done');
store.close();
