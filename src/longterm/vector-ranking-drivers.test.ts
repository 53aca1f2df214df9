import { afterAll, describe, it } from 'vitest';
import { checkVectorIndexAgainstExact } from '../../test-support/longterm/vector-index-property.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import {
  type OpenedStore,
  reliabilityDrivers,
  titleOn,
} from '../../test-support/reliability/store-drivers.ts';
import { getLongTermRecords } from './long-term-store-v1.ts';

const opened: OpenedStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((o) => o.dispose()));
});

/** Runs a driver's property (PostgreSQL and libSQL write slowly: fewer). */
const runs: Record<string, number> = { memory: 150, sqlite: 80, 'json-file': 60, libsql: 40, postgres: 30 };

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'vector search on $name ranks by the true cosine, components near the float32 limits and subnormal included',
  (driver) => {
    it.skipIf(driver.missing !== undefined)(
      titleOn(driver, 'every store ranks the same vectors the same way (ties within 1e-5 aside)'),
      async () => {
        const o = await driver.open();
        opened.push(o);
        const records = getLongTermRecords(o.store);
        if (!records.vectorSearch) return;
        await checkVectorIndexAgainstExact(records, runs[driver.name] ?? 30);
      },
      240_000,
    );
    // CI's seed 1413334612 (stop 88): its 20th run's vectors of ±2^64–2^65 and a query near 1e38 overflowed libSQL's
    // float32 DiskANN sums, so the index's top k missed the record the true cosine ranks first (-0.33 returned
    // where 0.96 was there); vectors are now scaled as SQLite's and PostgreSQL's indexes get them.
    it.skipIf(driver.missing !== undefined)(
      titleOn(driver, 'the runs of seed 1413334612 (vectors past float32 sums) rank by the true cosine'),
      async () => {
        const o = await driver.open();
        opened.push(o);
        const records = getLongTermRecords(o.store);
        if (!records.vectorSearch) return;
        await checkVectorIndexAgainstExact(records, 20, 1413334612);
      },
      240_000,
    );
  },
);
