import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createLanguageModelExtractor } from '../ai-sdk/language-model-extractor.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { makeMessage } from '../testing/fixtures.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { prepareChange } from './prepare-record.ts';

/** A scripted model: answers call i with `answers[i]` (the extractor's JSON decisions). */
function scripted(answers: readonly unknown[]) {
  let call = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(answers[call++] ?? { decisions: [] }) }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}
const at = (day: number, text: string, role: 'user' | 'assistant' = 'user'): MemoryMessage =>
  makeMessage(role, text, { createdAt: new Date(Date.UTC(2026, 4, day, 10)) });

/** The recall block's lines: the index of the first holding `value` (and not `but`), unmarked. */
const firstLine = (block: string, value: string, but = '\u0000') =>
  block.split('\n').findIndex((l) => l.includes(value) && !l.includes(but) && !l.includes('(superseded'));

describe("the model extractor's UPDATE path recalls the newest value first", () => {
  for (const [name, decisions] of [
    ['UPDATE', { decisions: [{ event: 'UPDATE', id: '0', text: 'The user lives in Porto.' }] }],
    [
      'DELETE then ADD',
      {
        decisions: [
          { event: 'DELETE', id: '0' },
          { event: 'ADD', text: 'The user lives in Porto.' },
        ],
      },
    ],
  ] as const)
    it(`${name}: the new fact holds from the new turn, the turn that stated the old value is ended and marked`, async () => {
      const memory = createLongTermMemory({
        scope: { tenant: 't', user: 'u' },
        recording: 'facts',
        selfFacts: false,
        extractor: createLanguageModelExtractor({
          model: scripted([{ decisions: [{ event: 'ADD', text: 'The user lives in Lisbon.' }] }, decisions]),
        }),
        clock: { now: () => new Date(Date.UTC(2026, 5, 1)) },
      });
      await memory.record([
        at(1, 'My flat in Lisbon is tiny but I love it.'),
        at(1, 'Lisbon sounds lovely!', 'assistant'),
      ]);
      await memory.flush();
      await memory.record([at(20, 'We packed everything and drove north to Porto, new home!')]);
      await memory.flush();
      const facts = (await memory.records.listRecords(memory.scope, { filter: { kinds: ['fact'] } })).records;
      expect(facts.map((f) => f.text)).toEqual(['The user lives in Porto.']);
      expect(facts[0]?.validAt).toEqual(new Date(Date.UTC(2026, 4, 20, 10)));
      const turns = (await memory.records.listRecords(memory.scope, { filter: { kinds: ['turn'] } })).records;
      const stated = turns.filter((t) => t.text.includes('Lisbon'));
      expect(stated.length).toBe(2);
      for (const t of stated) expect(t.invalidAt).toEqual(new Date(Date.UTC(2026, 4, 20, 10)));
      const block = await memory.retrieve('Where do I live now? Lisbon or Porto?');
      const porto = firstLine(block, 'Porto');
      const lisbon = firstLine(block, 'Lisbon', 'Porto');
      expect(porto).toBeGreaterThan(0);
      expect(lisbon === -1 || porto < lisbon).toBe(true);
      expect(block).toContain('(superseded 2026-05-20)');
    });
});

describe("the model extractor's UPDATE path and a stating turn changed meanwhile", () => {
  for (const change of ['deleted', 'ended earlier'] as const)
    it(`a stating turn ${change} by another writer just before it is ended: the update completes, the turn keeps the other writer's change`, async () => {
      const store = createMemoryStore();
      const records = store.longTermRecords;
      const earlier = new Date(Date.UTC(2026, 4, 10, 10));
      const memory = createLongTermMemory({
        store: {
          ...store,
          longTermRecords: {
            ...records,
            async updateRecord(scope, id, change_, at_) {
              const r = await records.getRecord(scope, id);
              // Another writer reaches the turn first.
              if (r?.kind === 'turn' && change_.invalidAt) {
                if (change === 'deleted') await records.deleteRecord(scope, id, at_);
                else
                  await records.updateRecord(
                    scope,
                    id,
                    prepareChange({ invalidAt: earlier }, 'longterm'),
                    at_,
                  );
              }
              return records.updateRecord(scope, id, change_, at_);
            },
          },
        },
        scope: { tenant: 't', user: 'u' },
        recording: 'facts',
        selfFacts: false,
        extractor: createLanguageModelExtractor({
          model: scripted([
            { decisions: [{ event: 'ADD', text: 'The user lives in Lisbon.' }] },
            { decisions: [{ event: 'UPDATE', id: '0', text: 'The user lives in Porto.' }] },
          ]),
        }),
        clock: { now: () => new Date(Date.UTC(2026, 5, 1)) },
      });
      await memory.record([at(1, 'My flat in Lisbon is tiny but I love it.')]);
      await memory.flush();
      await memory.record([at(20, 'We packed everything and drove north to Porto, new home!')]);
      await memory.flush();
      const facts = (await memory.records.listRecords(memory.scope, { filter: { kinds: ['fact'] } })).records;
      expect(facts.map((f) => f.text)).toEqual(['The user lives in Porto.']);
      const turns = (await memory.records.listRecords(memory.scope, { filter: { kinds: ['turn'] } })).records;
      const stated = turns.filter((t) => t.text.includes('Lisbon'));
      expect(stated.map((t) => t.invalidAt)).toEqual(change === 'deleted' ? [] : [earlier]);
    });
});
