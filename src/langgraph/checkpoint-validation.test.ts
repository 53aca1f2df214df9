import { describe } from 'vitest';
import { validateSaverOn } from '../../test-support/langgraph/validate-saver.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createEngramCheckpointSaver } from './engram-checkpoint-saver.ts';

// LangChain's own checkpointer conformance suite, unmodified, on SQLite and PostgreSQL.
const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }).filter(
  (d) => d.name === 'sqlite' || d.name === 'postgres',
);

for (const driver of drivers) {
  await describe.skipIf(driver.missing !== undefined)(`${driver.name}`, async () => {
    await validateSaverOn(driver, (store, tenant) =>
      createEngramCheckpointSaver({ store, scope: { tenant } }),
    );
  });
}
