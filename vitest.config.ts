import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: `unit` and `component` need nothing but `npm install` (`npm test` runs
// both); `system` needs the real OS keychain (gnome-keyring in a D-Bus session) and
// Debian's Chromium, PostgreSQL and redis-server, which .ci/run installs; `reliability` the
// same servers.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          // `**/node_modules/**`: the bench's peers install under test/bench/.peers/, tests and all.
          exclude: ['test/system/**', 'test/renderer/**', 'test/reliability/**', '**/node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The console's components, rendered in happy-dom (no layout: charts get a fixed size).
        plugins: [react()],
        test: {
          name: 'component',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.ts'],
          testTimeout: 10_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          // A throwaway PostgreSQL cluster and redis-server for the server-mode tests.
          globalSetup: ['test/system/servers-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm run test:reliability`: faults, crashes, load, fuzzing, authorisation and secrets
        // (issue 18), each on the embedded store and on PostgreSQL + Redis; about 10 minutes.
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          // The secret sweep's teardown searches what every scenario left, before the servers go.
          globalSetup: ['test/system/servers-setup.ts', 'test/reliability/secret-sweep-setup.ts'],
          // Keeps every answer of a relay's API for that sweep, whoever fetched it.
          setupFiles: ['test/reliability/sweep-relay-answers.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
