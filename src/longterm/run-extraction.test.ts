import { describe, expect, it } from 'vitest';
import { systemClock } from '../core/clock.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';
import { prepareChange, prepareRecord } from './prepare-record.ts';
import { runExtraction } from './run-extraction.ts';

const scope = { tenant: 't', user: 'ada' };

describe('runExtraction: an UPDATE decision races another writer', () => {
  it('never overwrites a version the extractor was not shown: the concurrent change is kept, the decision ignored', async () => {
    const records = createMemoryLongTermRecords();
    const [fact] = await records.addRecords(scope, [
      prepareRecord({ id: 'fact_1', kind: 'fact', text: 'Ada lives in Paris' }, 'test'),
    ]);
    const [turn] = await records.addRecords(scope, [
      prepareRecord({ id: 'turn_1', kind: 'turn', text: 'user: I moved to Rome' }, 'test'),
    ]);
    const outcome = await runExtraction({
      records,
      scope,
      clock: systemClock,
      maxFacts: 10,
      turns: [turn!],
      similar: async () => [{ record: fact!, score: 1 }] as never,
      extractor: {
        async extract(_turns, existing) {
          // While the model thinks, the user corrects the fact through another writer.
          await records.updateRecord(
            scope,
            'fact_1',
            prepareChange({ text: 'Ada lives in Lyon', expectedVersion: 1 }, 'test'),
            new Date(),
          );
          return [{ event: 'UPDATE', id: existing[0]!.id, text: 'Ada lives in Rome' }];
        },
      },
    });
    expect(outcome).toMatchObject({ updated: 0, ignored: 1 });
    expect((await records.getRecord(scope, 'fact_1'))?.text).toBe('Ada lives in Lyon');
  });
});
