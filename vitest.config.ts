import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    globalSetup: ['tests/support/build.ts', 'tests/support/temp-folder.ts'],
    // every check a test runs is in its own process; tests/cli/check-daemon.test.ts turns the
    // daemon on for its own runs (none is left behind)
    env: { AGENTSCOPE_NO_DAEMON: '1' },
  },
});
