import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test-support/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    // vitest's run-mode default is one worker fewer than the cores: one on a 2-core machine, where the suite spends
    // much of its time in child processes and PostgreSQL and one worker leaves a core idle. Two workers there took
    // the whole run from about 40 to 28 minutes; on more cores, vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./test-support/postgres/global-setup.ts'],
  },
});
