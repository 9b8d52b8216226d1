import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Tests that fail on purpose, seen only by the gate's own test (gate-fixtures/README.md). */
const gateFixtures = process.env.SERVC_GATE_FIXTURES === '1' ? ['gate-fixtures/*.gate.test.ts'] : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'lint-fixtures/*.test.ts',
            'gate-fixtures/gate.test.ts',
            'gate-fixtures/budgets.test.ts',
            'gate-fixtures/node-flags.test.ts',
          ],
          exclude: ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // The first render of a lazy route imports its screen: seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.routes.test.ts', 'src/server/**/*.db.test.ts', ...gateFixtures],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/no-queued-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
