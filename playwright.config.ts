import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
/** Tests that fail on purpose, run only by the gate's own test (gate-fixtures/README.md): no app needed. */
const gate = process.env.SERVC_GATE_FIXTURES === '1';

/** Browser tests drive the real built app (npm test builds it first) on Debian's Chromium. */
export default defineConfig({
  testDir: gate ? 'gate-fixtures' : 'e2e',
  // Playwright empties its output folder on every run: its own subfolder, so the runners' reports beside it stay.
  outputDir: gate ? 'test-results/gate/playwright' : 'test-results/playwright',
  // Each role signs in once (auth.setup.ts); the specs start from the stored state (e2e/fixtures.ts).
  projects: gate
    ? [{ name: 'chromium', testMatch: '*.gate.spec.ts' }]
    : [
        { name: 'setup', testMatch: /auth\.setup\.ts$/ },
        { name: 'chromium', testMatch: '**/*.spec.ts', dependencies: ['setup'] },
      ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: gate
    ? undefined
    : {
        command: 'node dist/server/server.js',
        url: `http://127.0.0.1:${port}/api/ready`,
        reuseExistingServer: false,
        timeout: 60_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          // Not production, which never holds the demo logins (issue 22).
          NODE_ENV: 'test',
          SEED_DEMO: 'true',
          // The daily campaigns would call seeded patients only inside the calling window: hour-dependent.
          OUTBOUND_CAMPAIGNS_PAUSED: 'true',
          LOG_LEVEL: 'warn',
        },
      },
});
