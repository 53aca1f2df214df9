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
  },
);
