import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createAssemblyRecorder, readAssemblyRecords } from './assembly-records.ts';
import { assemblyTextId, assemblyTextKind, sharedTextMinChars } from './assembly-texts.ts';
import type { AssemblyItem, ContextAssembly } from './context-assembly.ts';

const assembly = (items: AssemblyItem[]): ContextAssembly => ({
  view: 'test',
  counter: { encoding: 'o200k_base', exact: true },
  tokens: items.reduce((n, i) => n + i.tokens, 0),
  items,
  dropped: [],
});

describe('assembly records: long texts sent at every step are stored once a session', () => {
  it('reads back every item as recorded, a long text written once however many steps send it', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: sharedTextMinChars, maxLength: sharedTextMinChars + 200 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.option(text, { nil: undefined }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (steps) => {
          const store = createSqliteStore({ path: ':memory:' });
          const scope = { tenant: 't' };
          const memory = createConversationMemory({ store, scope, sessionId: 's' });
          await memory.append({ role: 'user', content: 'hi' });
          const recorder = createAssemblyRecorder({ memory });
          const recorded: AssemblyItem[][] = [];
          for (const texts of steps) {
            const items: AssemblyItem[] = texts.map((sent, k) => ({
              source: 'tools',
              tokens: k + 1,
              why: 'tools',
              ...(sent === undefined ? {} : { sent }),
            }));
            recorded.push((await recorder.record(assembly(items))).items);
          }
          const back = await readAssemblyRecords(store, scope, 's');
          expect(back.map((r) => r.items)).toEqual(recorded);
          const long = new Set(steps.flat().filter((t) => t !== undefined && t.length >= sharedTextMinChars));
          expect(await memory.listArtifacts(assemblyTextKind)).toHaveLength(long.size);
          store.close();
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('assemblyTextId: digests kept for texts seen lately', () => {
  it('equals the SHA-256 of the text, whatever was asked before (repeats, and more texts than it keeps)', () => {
    const direct = (text: string) => `asmtxt_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat(600).map(String)), { maxLength: 700 }), (texts) => {
        for (const text of texts) expect(assemblyTextId(text)).toBe(direct(text));
      }),
      { numRuns: 20 },
    );
  });
});
