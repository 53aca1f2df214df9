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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./test-support/postgres/global-setup.ts'],
  },
});
