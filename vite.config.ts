import { randomUUID } from 'node:crypto';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app's build. The app lives in web/ and is built into dist/web, which the API server serves
 * (with an index.html fallback for every non-API path). In development Vite serves the app and
 * proxies the API's prefixes to the server on port 3000.
 */

/** One id per build: the app carries it in its bundle and the build writes it to builds/latest.json. */
const build = { id: `${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`, builtAt: new Date().toISOString() };

/**
 * Writes builds/latest.json ({ id, built_at }) into the output. The running app polls it and offers a
 * reload when the id differs from its own (spec section 4: new deployments are detected by polling).
 */
function buildMetadata(): Plugin {
  return {
    name: 'precinct-build-metadata',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: build.id, built_at: build.builtAt })}\n`,
      });
    },
  };
}

// '/app/' keeps its slash so that a future screen path such as /apps is not sent to the API.
const API_PREFIXES = ['/auth', '/rest', '/storage', '/realtime', '/functions', '/app/', '/health', '/docs'];
const API_ORIGIN = 'http://127.0.0.1:3000';

const config = {
  root: 'web',
  publicDir: 'public',
  plugins: [react(), buildMetadata()],
  define: {
    __PRECINCT_BUILD_ID__: JSON.stringify(build.id),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Maps for our own debugging, not announced to browsers.
    sourcemap: 'hidden',
    // Report the gzipped size of every chunk (QUALITY.md: JavaScript per route is a tracked figure).
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false, ws: prefix === '/realtime' }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
} satisfies UserConfig;

export default defineConfig(({ command, mode }) => {
  // A production build is a production build even when started from a test runner, which sets
  // NODE_ENV=test (React would otherwise be bundled in its slow development form).
  if (command === 'build' && mode === 'production' && process.env.NODE_ENV !== 'production') process.env.NODE_ENV = 'production';
  return config;
});
