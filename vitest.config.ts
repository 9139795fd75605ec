import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    globalSetup: ['tests/support/build.ts', 'tests/support/temp-folder.ts'],
  },
});
