import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/app/**/*.test.ts'],
    // `*.pg.test.ts` need PostgreSQL (several processes on one database): the PostgreSQL pass only.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    // Test files run in child processes (PGlite in WASM, argon2 natively), two at a time: the
    // machine has two cores.
    pool: 'forks',
    // One fork runs file after file without importing the server anew for each (an app is still
    // built per file): module import was a third of the suite's time. Nothing a file stubs or
    // spies on outlives its test.
    isolate: false,
    unstubGlobals: true,
    restoreMocks: true,
    // The fault tests start the real server, which serves the web app from its build.
    globalSetup: ['apps/server/src/testing/global-setup.ts'],
    maxWorkers: 2,
    // argon2 hashes take ~50 ms each and a file signs up dozens of users; building an app migrates
    // a fresh database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
