import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser end-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker on two cores; these tests spend much of their time waiting on a
    // database, so two files at a time finish sooner: 401 s on one worker, 306 s on two.
    maxWorkers: 2,
    // The test files share their worker's modules instead of each importing the server afresh (about
    // 5 s a file on this machine): twelve of the API files took 150 s isolated and 91 s shared. What a
    // file sets up (a server, a database) it makes in its own hooks and closes after; stubbed globals
    // and environment variables are undone after every test, whatever it did.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
