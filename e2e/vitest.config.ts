import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WaitingFilesFirst } from './support/sequencer.ts';

// Browser end-to-end tests: a real app server, a real SMTP capture and Debian's Chromium
// (e2e/support/global-setup.ts). Run with `npm run test:e2e`; `npm test` runs them last.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    testTimeout: 60_000,
    // A failed browser test runs once more before it fails the run: on a busy two-core machine a race
    // can show once in many runs. npm test names every test that passed only on its retry, with the
    // first try's error (scripts/test-report.ts), so such a test is seen and fixed, not hidden.
    retry: 1,
    // Polls wait for what a click causes on the server; on a busy two-core machine a second is not enough.
    expect: { poll: { timeout: 10_000 } },
    // The global setup builds the web app and starts the server; the hook budget covers a slow machine.
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    // Two cores, each test file with its own Chromium, sharing one app server: two files at a time.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: WaitingFilesFirst },
  },
});
