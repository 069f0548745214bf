import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs nothing but `npm install`; `system` needs the real OS
// keychain (gnome-keyring in a D-Bus session) and Debian's Chromium, which .ci/run installs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/system/**', 'node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
