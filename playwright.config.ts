import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);

// Debian's Chromium, never a downloaded browser; flags keep it off this machine's closed network.
export default defineConfig({
  testDir: 'e2e',
  // A journey's own guard against a hang, not a figure: the longest (every page of a language
  // through axe) take ~45 s with two workers sharing this 2-core machine with the server.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Two workers, one spec file each at a time (a file's journeys run in order). Seeded accounts
  // that several files sign in are signed in one at a time (e2e/support.ts oneSignInAtATime).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A failed journey keeps its trace (actions, network, DOM snapshots) and a screenshot of the
    // end. The trace's screencast is left out: recording it for every journey took a quarter of
    // the suite's time, in the browser's own process.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    // Seeding the demo store (its pictures) comes before the start: scripts/e2e-server.mjs.
    timeout: 150_000,
    reuseExistingServer: false,
  },
});
