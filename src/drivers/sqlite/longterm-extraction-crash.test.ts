import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import {
  extractionScope,
  extractionTurns,
} from '../../../test-support/reliability/longterm-extraction-turns.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import type { FactExtractor } from '../../longterm/fact-extractor.ts';
import { createSqliteStore } from './sqlite-driver.ts';

/**
 * The extraction queue survives a crash: a process records 60 turns with `recording: 'facts'` and is SIGKILLed
 * inside its second or third extractor call. Reopened in a new process's place, the memory finds the pending turns
 * in the store (after its durable cursor), extracts exactly those, and every turn ends with exactly one fact: none
 * lost, none twice, and no turn of a finished run is sent to the extractor again.
 */
describe('long-term extraction: crash in the middle of a run (SIGKILL)', () => {
  for (const killAtCall of [2, 3]) {
    it(`killed in extractor call ${killAtCall}: the pending turns are extracted after a restart, once`, async () => {
      const dir = await tempDir('ltm-crash');
      try {
        const path = join(dir.path, 'ltm.db');
        const turns = 60;
        const run = runChildScript('./longterm-extraction-child.ts', { path, turns, killAtCall });
        const ended = await run.exited;
        expect(ended.signal, run.stderr()).toBe('SIGKILL');
        const childCalls = run.lines.filter((l) => l.startsWith('extract '));
        expect(childCalls).toHaveLength(killAtCall);

        const seen: string[] = [];
        const extractor: FactExtractor = {
          async extract(batch) {
            seen.push(...batch.map((t) => t.text));
            return batch.map((t) => ({ event: 'ADD' as const, text: `Fact about ${t.text}` }));
          },
        };
        const store = createSqliteStore({ path });
        const memory = createLongTermMemory({
          store,
          scope: extractionScope,
          session: 'crash',
          recording: 'facts',
          extractor,
        });
        await memory.flush();
        const list = async (kind: 'turn' | 'fact') => {
          const out: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await memory.records.listRecords(extractionScope, {
              filter: { kinds: [kind] },
              limit: 1000,
              ...(cursor ? { cursor } : {}),
            });
            out.push(...page.records.map((r) => r.text));
            cursor = page.nextCursor;
          } while (cursor);
          return out;
        };
        const texts = extractionTurns(turns).map((m) => String(m.content));
        expect((await list('turn')).sort()).toEqual(texts.map((t) => `user: ${t}`).sort());
        expect((await list('fact')).sort()).toEqual(texts.map((t) => `Fact about ${t}`).sort());
        // The killed call's turns were extracted again; those of finished runs were not.
        const killedFirst = childCalls.at(-1)!.replace(/^extract \d+ /, '');
        expect(seen).toContain(killedFirst);
        const finished = texts.slice(0, texts.indexOf(killedFirst));
        expect(seen.filter((t) => finished.includes(t))).toEqual([]);
        store.close();
      } finally {
        await dir.remove();
      }
    });
  }
});
