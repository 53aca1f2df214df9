import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { putOldAssemblySession } from '../../../test-support/old-assembly-session.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createAssemblyRecorder, readAssemblyRecords } from './assembly-records.ts';
import {
  assemblyTextId,
  assemblyTextKind,
  isExpiredText,
  isSessionWideText,
  sharedTextMinChars,
  textGenerationSpan,
} from './assembly-texts.ts';
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
  it('is the generation of the position and the SHA-256 of the text, whatever was asked before', () => {
    const direct = (text: string, at: number) =>
      `asmtxt_g${Math.floor(at / textGenerationSpan).toString(36)}_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.nat(600).map(String)), fc.nat(100_000)), {
          maxLength: 700,
        }),
        (texts) => {
          for (const [text, at] of texts) expect(assemblyTextId(text, at)).toBe(direct(text, at));
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('assembly records: retention deletes the shared texts no kept record names', () => {
  it('a text expires once the oldest kept record is past its generation; texts stored before generations not by position', () => {
    const id = assemblyTextId('x'.repeat(sharedTextMinChars), 1023);
    expect(isExpiredText({ id, toSeq: textGenerationSpan - 1 }, textGenerationSpan - 1)).toBe(false);
    expect(isExpiredText({ id, toSeq: textGenerationSpan - 1 }, textGenerationSpan)).toBe(true);
    expect(isExpiredText({ id: `asmtxt_${'ab'.repeat(20)}`, toSeq: 0 }, 10_000)).toBe(false);
  });

  it('every kept record reads back whole, and the texts stored stay bounded', async () => {
    // Steps of a session: messages appended between records (advancing the log across generations), each record
    // sending some of six long texts (tool definitions, a changing summary) or a short one.
    const long = (k: number) => `${'definition '.repeat(60)}${k}`;
    const step = fc.record({
      appended: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 100, max: 700 })),
      sent: fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 12, maxLength: 40, size: 'max' }),
        fc.integer({ min: 1, max: 6 }),
        async (steps, keep) => {
          const store = createMemoryStore();
          const scope = { tenant: 't' };
          const memory = createConversationMemory({ store, scope, sessionId: 's' });
          const recorder = createAssemblyRecorder({ memory, keep });
          const recorded = new Map<string, AssemblyItem[]>();
          const gen = (seq: number) => Math.floor(seq / textGenerationSpan);
          let held = 0;
          let floor = 0;
          let last = 0;
          for (const { appended, sent } of steps) {
            await memory.append(
              Array.from({ length: appended }, () => ({ role: 'user' as const, content: 'x' })),
            );
            const items: AssemblyItem[] = sent.map((k, i) => ({
              source: 'tools',
              tokens: i + 1,
              why: 'tools',
              sent: k < 0 ? 'short' : long(k),
            }));
            const record = await recorder.record(assembly(items));
            recorded.set(record.id, record.items);
            const back = await readAssemblyRecords(store, scope, 's');
            // Every kept record is whole: no text is deleted while a kept record names it.
            for (const r of back) expect(r.items).toEqual(recorded.get(r.id));
            // After a trim no text's generation ends before the oldest kept record; between trims, the texts stored
            // are at most the six long ones of each generation from the last trim's oldest kept record on.
            const textArtifacts = await memory.listArtifacts(assemblyTextKind, undefined, { data: false });
            if (back.length < held + 1) {
              // The oldest kept record, or the newest deleted one when every stored record went (the trim, made
              // before the record, knows no later position).
              floor = back.length > 1 ? back[0]!.lastSeq : last;
              for (const t of textArtifacts) expect(t.toSeq).toBeGreaterThanOrEqual(floor);
            }
            held = back.length;
            last = record.lastSeq;
            expect(textArtifacts.length).toBeLessThanOrEqual(
              6 * (gen(back.at(-1)!.lastSeq) - gen(floor) + 1),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('texts stored once a session by an earlier version go once no kept record names them, not before', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const memory = createConversationMemory({ store, scope, sessionId: 's' });
    await memory.append({ role: 'user', content: 'hi' });
    // A session recorded by an earlier version: two texts stored once a session, named by five records.
    const oldTexts = await putOldAssemblySession(memory);
    expect(isSessionWideText({ id: oldTexts[0]!.id })).toBe(true);
    const recorder = createAssemblyRecorder({ memory, keep: 3 });
    const wholeOld = () =>
      readAssemblyRecords(store, scope, 's').then((records) =>
        records
          .filter((r) => r.view === 'old')
          .every((r) => oldTexts.some((t) => t.text === (r.items[0] as { sent?: string }).sent)),
      );
    const oldStored = async () =>
      (await memory.listArtifacts(assemblyTextKind, undefined, { data: false })).filter(isSessionWideText)
        .length;
    let gone = -1;
    for (let i = 0; i < 40; i++) {
      await memory.append({ role: 'user', content: `step ${i}` });
      await recorder.record(
        assembly([{ source: 'tools', tokens: 1, why: 'tools', sent: 'new tool '.repeat(80) }]),
      );
      // Every kept record of the earlier version reads back whole.
      expect(await wholeOld()).toBe(true);
      const records = await readAssemblyRecords(store, scope, 's');
      // Kept while a record names them; deleted by the trim that deletes the last such record (in its commit).
      if (records.some((r) => r.view === 'old')) expect(await oldStored()).toBe(2);
      else {
        expect(await oldStored()).toBe(0);
        if (gone < 0) gone = i;
      }
    }
    expect(gone).toBeGreaterThan(0);
  });
});
