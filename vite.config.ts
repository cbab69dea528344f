import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The web app's build. The app lives in web/ and is built into dist/web, which the API server serves
 * (with an index.html fallback for every non-API path). In development Vite serves the app and
 * proxies the API's prefixes to the server on port 3000.
 */

/** One id per build: the app carries it in its bundle and the build writes it to builds/latest.json. */
const build = {
  id: `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`,
  builtAt: new Date().toISOString(),
};

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

/** Text files worth compressing; smaller ones are sent as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once.
 * The server sends them to browsers that accept them (@fastify/static `preCompressed`), so
 * JavaScript and CSS travel at about a quarter of their size without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precinct-precompress',
    apply: 'build',
    configResolved(resolved) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
      const brotli = promisify(zlib.brotliCompress);
      const gzip = promisify(zlib.gzip);
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const file = path.join(outDir, fileName);
            const content = await fs.promises.readFile(file);
            if (content.length < COMPRESS_MIN_BYTES) return;
            // Quality 10: within 2% of 11's size at a third of its time.
            const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length };
            await fs.promises.writeFile(`${file}.br`, await brotli(content, { params }));
            await fs.promises.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
          }),
      );
    },
  };
}

// '/app/' keeps its slash so that a future screen path such as /apps is not sent to the API.
const API_PREFIXES = ['/auth', '/rest', '/storage', '/realtime', '/functions', '/app/', '/health', '/docs'];
const API_ORIGIN = 'http://127.0.0.1:3000';

/** The page colours of the light and dark themes (Mantine's body: white, and zinc 900 in dark), as in index.html's theme-color. */
const THEME_COLORS = { light: '#ffffff', dark: '#18181b' } as const;

/**
 * Installable and usable offline (docs/decisions/014-offline.md): the web app manifest, and a Workbox
 * service worker that precaches the whole build (the shell and every lazily loaded screen), so the
 * app opens without a connection after one visit. Nothing else is cached: API answers carry personal
 * data and are `no-store`, so the worker has no runtime routes and leaves them to the network; a
 * navigation gets the precached index.html, except under the API's prefixes. A new build's worker
 * waits until the user accepts the reload prompt (registerType 'prompt', web/app/app-updates.ts).
 */
function installableApp() {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself after the first screen (web/app/service-worker.ts), not by a tag in index.html.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Precinct',
      short_name: 'Precinct',
      description: 'Citations, reports, scheduling, fleet and field training for public-safety agencies.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.light,
      background_color: THEME_COLORS.light,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The precompressed copies are the same files; the poll's file must always come from the server.
      // The sign-in page is the server's to choose (by the session cookie and the redirects): the worker
      // answers every navigation, /login included, with the app, whose /login does the same work.
      globIgnores: ['**/*.br', '**/*.gz', 'builds/**', 'login.html'],
      // The entry chunk is ~570 kB; the default limit (2 MiB) is enough, kept explicit to notice growth.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: API_PREFIXES.map((prefix) => new RegExp(`^${escape(prefix)}`)),
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once (its precache is the page's own build), so screens
      // not opened yet load offline; an update never does: it waits for the prompt.
      clientsClaim: true,
      skipWaiting: false,
      // Generated and small: no map to serve beside it (the app's own maps are hidden, not announced).
      sourcemap: false,
    },
  });
}

/**
 * A plugin that resolves `source`, imported from a file whose path (with forward slashes) matches
 * `importer`, to `target` (relative to this file), and leaves every other import alone.
 */
function redirectImport(name: string, source: string, importer: RegExp, target: string): Plugin {
  const file = fileURLToPath(new URL(target, import.meta.url));
  return {
    name,
    enforce: 'pre',
    resolveId(imported, from) {
      return imported === source && from !== undefined && importer.test(from.replaceAll('\\', '/')) ? file : null;
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Drawer and Modal) imports one small hook, `useMergeRefs`, from
 * @floating-ui/react, and with it the bundler loads the whole of @floating-ui/react's shared chunk
 * (~15 kB gz: the positioning of popovers and menus) with every screen that has a drawer and no popover
 * (productivity's My tasks: issue 13). ScrollArea's import resolves to a copy of that one hook instead
 * (web/lib/vendor/merge-refs.ts, the same code); every other import of @floating-ui/react is untouched.
 * Should a Mantine upgrade import anything else there, the build fails on the missing export.
 */
const scrollAreaMergeRefs = () =>
  redirectImport(
    'precinct:scroll-area-merge-refs',
    '@floating-ui/react',
    /\/@mantine\/core\/esm\/components\/ScrollArea\//,
    './web/lib/vendor/merge-refs.ts',
  );

/**
 * Mantine's `Table` carries `Table.ScrollContainer`, which imports the whole ScrollArea. Precinct's
 * tables scroll with web/ui/table-scroll.tsx instead (lint enforces it), so that import resolves to
 * web/lib/vendor/no-scroll-area.ts, and a screen with a table does not load ScrollArea for nothing.
 */
const tableWithoutScrollArea = () =>
  redirectImport(
    'precinct:table-without-scroll-area',
    '../ScrollArea/ScrollArea.mjs',
    /\/@mantine\/core\/esm\/components\/Table\/TableScrollContainer\.mjs$/,
    './web/lib/vendor/no-scroll-area.ts',
  );

/** The sign-in page (login.html, started by web/sign-in.tsx), beside the app's (index.html, web/main.tsx). */
const SIGN_IN_PAGE = path.resolve(import.meta.dirname, 'web/login.html');
/** The sign-in page's screen, which its start imports (web/app/start-sign-in-page.tsx). */
const SIGN_IN_SCREEN = path.resolve(import.meta.dirname, 'web/app/sign-in-screen.tsx');

/**
 * Each page (index.html, login.html) keeps an entry file of its own, which its HTML names, with its
 * start: the sign-in page's is no part of the app's.
 */
const PAGE_STARTS = new Set(
  ['web/sign-in.tsx', 'web/app/start-sign-in-page.tsx', 'web/main.tsx'].map((file) => path.resolve(import.meta.dirname, file)),
);
const notAnEntry = (id: string) => !id.endsWith('.html') && !PAGE_STARTS.has(id);

let signInModuleIds: Set<string> | null = null;

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/**
 * Every module the sign-in page loads before it draws: what login.html imports, directly or not, and
 * its screen (which it imports beside it). Through a package's index this takes in more than the page
 * uses, which costs the sign-in page some bytes but never the app, which loads this chunk too.
 */
function signInPageModules(ctx: ModuleGraph): Set<string> {
  if (signInModuleIds) return signInModuleIds;
  const seen = new Set<string>();
  const queue = [SIGN_IN_PAGE, SIGN_IN_SCREEN];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  signInModuleIds = seen;
  return seen;
}

/**
 * login.html names the files of the sign-in screen (modulepreload), so the browser fetches them beside
 * the page's start instead of after it has run. They are loaded with an import and not statically,
 * so that the app (which loads the sign-in page's shared chunk) does not carry the form's code.
 */
function signInScreenPreload(): Plugin {
  return {
    name: 'precinct:sign-in-screen-preload',
    apply: 'build',
    // The sign-in page's modules are worked out again for each build (a watching build makes several).
    buildStart() {
      signInModuleIds = null;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('login.html') || !ctx.bundle) return html;
        const chunks = new Map(
          Object.values(ctx.bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
        );
        const screen = [...chunks.values()].find((chunk) => chunk.facadeModuleId === SIGN_IN_SCREEN);
        if (!screen) throw new Error('The sign-in screen is not a chunk of its own: login.html cannot preload it');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
          files.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(screen.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const config = {
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    scrollAreaMergeRefs(),
    tableWithoutScrollArea(),
    signInScreenPreload(),
    buildMetadata(),
    precompress(),
    installableApp(),
  ],
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
    // The entry chunk holds everything every page needs (below): ~570 kB raw, ~177 kB gzipped. The
    // figure that matters is the gzipped JavaScript per route, which `npm run bench:web` prints.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app, and the sign-in page a browser with no session gets for /login (web/sign-in.tsx).
      input: { index: path.resolve(import.meta.dirname, 'web/index.html'), login: SIGN_IN_PAGE },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, Mantine's core, the router, the query
          // client, zod, the shell) is one chunk: every page loads all of it anyway, and left to
          // itself the bundler split it into a dozen chunks shared with lazy screens, which cost
          // requests and ~10 kB gzipped of import glue and lost compression per page
          // (`npm run bench:web` measures it). Screens stay lazy and split as before. What the sign-in
          // page starts with is a chunk of its own, which the app loads too: the sign-in page does
          // not load what only the app starts with (the router, the query client, the modules' routes).
          groups: [
            {
              name: (id, ctx) => (signInPageModules(ctx).has(id) ? 'sign-in' : null),
              debugName: 'sign-in',
              tags: ['$initial'],
              test: notAnEntry,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], test: notAnEntry, priority: 1 },
            // Left to itself the bundler gives each icon, and each of Mantine's small helpers (hooks,
            // style and prop utilities), a chunk of its own as soon as two lazy screens share it:
            // /fleet's first screen was 46 files, most of them under 2 kB. A phone on a slow network
            // fetches six at a time, so each six cost a round trip before the screen could draw
            // (Lighthouse's LCP on /fleet, decision 013). The icons two or more screens share, and
            // the helpers three or more share, are one chunk each: 46 files became 33 for +7 kB gz.
            // Mantine's components are left as they are: grouped, they brought their larger
            // dependencies with them, and every screen went over its 250 kB.
            { name: 'icons', test: /node_modules\/@tabler\/icons-react\//, minShareCount: 2 },
            {
              name: 'mantine-utils',
              test: /node_modules\/@mantine\/(core|hooks)\/esm\/(core\/utils|core\/MantineProvider\/use-props|utils|use-)/,
              minShareCount: 3,
            },
          ],
        },
      },
    },
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
