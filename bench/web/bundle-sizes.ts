/**
 * What a first visit to each route group downloads, computed from Vite's build manifest
 * (dist/.vite/manifest.json, `vite build --manifest`): the entry chunk of its page (index.html, or
 * login.html for the sign-in page), every chunk it imports statically (transitively), and the lazily
 * loaded chunks the route's components need (their own static imports too), each chunk counted once;
 * the CSS those chunks carry; and the scripts the page loads from public/ (not part of the manifest).
 * Sizes are gzip at zlib's default level.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One entry of Vite's manifest, keyed by its source path relative to the app root (web/). */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

/**
 * A route group: the page the server sends for it (an HTML entry of the manifest; index.html when not
 * given) and the source files (keys of the manifest, relative to web/) whose lazy chunks its first
 * screen loads, on top of the page's entry.
 */
export type RouteGroup = { name: string; path: string; page?: string; lazy: string[]; budget?: number };

/** Issue 13's goals for a first visit's JavaScript (gz): the sign-in page 150 kB, any other first screen 250 kB. */
export const SIGN_IN_BUDGET = 150_000;
export const SCREEN_BUDGET = 250_000;

/** The lazily loaded layout of every signed-in page (appLayoutRoute in web/app/routes/layout-routes.tsx). */
const APP_FRAME = 'app/layouts/app-frame.tsx';

/** Route groups of web/app/routes/*: what each first screen loads, as the router loads it. */
export const ROUTE_GROUPS: RouteGroup[] = [
  // The server sends login.html to a browser with no session; it loads its screen beside its start.
  { name: 'sign-in', path: '/login', page: 'login.html', lazy: ['app/sign-in-screen.tsx'], budget: SIGN_IN_BUDGET },
  { name: 'landing (signed out)', path: '/', lazy: ['home/landing-screen.tsx'] },
  { name: 'shell (signed-in layout)', path: '(app frame)', lazy: [APP_FRAME] },
  { name: 'home (signed in)', path: '/', lazy: ['app/routes/signed-in-home.tsx'] },
  { name: 'fleet', path: '/fleet', lazy: [APP_FRAME, 'fleet/fleet-home-screen.tsx'] },
  { name: 'fleet office', path: '/fleet/admin', lazy: [APP_FRAME, 'fleet/admin/dashboard-screen.tsx'] },
  { name: 'admin', path: '/admin', lazy: [APP_FRAME, 'admin/admin-overview-screen.tsx'] },
  { name: 'field training', path: '/fto', lazy: [APP_FRAME, 'fto/fto-home-screen.tsx'] },
  { name: 'reports', path: '/reports', lazy: [APP_FRAME, 'reports/reports-screen.tsx'] },
  { name: 'citations', path: '/citations', lazy: [APP_FRAME, 'citations/citations-screen.tsx'] },
  { name: 'scheduling', path: '/schedule', lazy: [APP_FRAME, 'schedule/calendar-screen.tsx'] },
  { name: 'productivity', path: '/productivity', lazy: [APP_FRAME, 'productivity/my-tasks-screen.tsx'] },
  { name: 'coming soon', path: '/comingsoon', lazy: ['app/coming-soon-page.tsx'] },
];

/**
 * Sizes of one file: raw, gzip (zlib default level), and what the server sends a browser that accepts
 * Brotli: the .br copy the build wrote beside the file, else the file as it is.
 */
export type ChunkSize = { file: string; bytes: number; gzip: number; sent: number };

export type RouteGroupSize = {
  name: string;
  path: string;
  /** The goal for its JavaScript, gz bytes. */
  budget: number;
  js: { bytes: number; gzip: number; sent: number; chunks: number };
  css: { bytes: number; gzip: number; sent: number; files: number };
  /** The JS files, largest (gzipped) first. */
  files: ChunkSize[];
  cssFiles: ChunkSize[];
};

/** The manifest keys a first visit loads: `roots` and everything they import statically, each once. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry "${key}" (was the route's file renamed?)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return [...seen];
}

/** The HTML page a group's first visit loads. */
export function pageOf(group: Pick<RouteGroup, 'page'>): string {
  return group.page ?? 'index.html';
}

/** The JS and CSS files (relative to the output directory) that a group's first visit loads. */
export function filesForGroup(manifest: Manifest, group: Pick<RouteGroup, 'lazy' | 'page'>): { js: string[]; css: string[] } {
  const page = pageOf(group);
  if (!manifest[page]?.isEntry) throw new Error(`The build manifest has no page "${page}"`);
  const keys = staticClosure(manifest, [page, ...group.lazy]);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** Scripts a page loads from outside the bundle (public/), e.g. the colour-scheme script. */
export function publicScripts(indexHtml: string): string[] {
  const scripts: string[] = [];
  for (const match of indexHtml.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) {
    const file = match[1] as string;
    if (!file.startsWith('assets/')) scripts.push(file);
  }
  return scripts;
}

export function readManifest(outDir: string): Manifest {
  const file = path.join(outDir, '.vite', 'manifest.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function sizeOf(outDir: string, file: string, cache: Map<string, ChunkSize>): ChunkSize {
  const known = cache.get(file);
  if (known) return known;
  const content = fs.readFileSync(path.join(outDir, file));
  const brotliFile = path.join(outDir, `${file}.br`);
  // Files too small to be worth it have no .br copy: they are sent as they are.
  const sent = fs.existsSync(brotliFile) ? fs.statSync(brotliFile).size : content.length;
  const size = { file, bytes: content.length, gzip: zlib.gzipSync(content).length, sent };
  cache.set(file, size);
  return size;
}

function sum(sizes: ChunkSize[]): { bytes: number; gzip: number; sent: number } {
  return sizes.reduce((acc, size) => ({ bytes: acc.bytes + size.bytes, gzip: acc.gzip + size.gzip, sent: acc.sent + size.sent }), {
    bytes: 0,
    gzip: 0,
    sent: 0,
  });
}

/** The first-visit JS and CSS of every route group of a build in `outDir`. */
export function measureRouteGroups(outDir: string, groups: RouteGroup[] = ROUTE_GROUPS): RouteGroupSize[] {
  const manifest = readManifest(outDir);
  const cache = new Map<string, ChunkSize>();
  return groups.map((group) => {
    const extraScripts = publicScripts(fs.readFileSync(path.join(outDir, pageOf(group)), 'utf8'));
    const { js, css } = filesForGroup(manifest, group);
    const files = [...extraScripts, ...js].map((file) => sizeOf(outDir, file, cache)).sort((a, b) => b.gzip - a.gzip);
    const cssFiles = css.map((file) => sizeOf(outDir, file, cache)).sort((a, b) => b.gzip - a.gzip);
    return {
      name: group.name,
      path: group.path,
      budget: group.budget ?? SCREEN_BUDGET,
      js: { ...sum(files), chunks: files.length },
      css: { ...sum(cssFiles), files: cssFiles.length },
      files,
      cssFiles,
    };
  });
}

/** The largest chunks of the whole build, for spotting what to split. */
export function largestChunks(outDir: string, count: number): Array<ChunkSize & { name: string }> {
  const manifest = readManifest(outDir);
  const cache = new Map<string, ChunkSize>();
  const byFile = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.file.endsWith('.js')) byFile.set(chunk.file, chunk.name ?? key);
  return [...byFile.entries()]
    .map(([file, name]) => ({ ...sizeOf(outDir, file, cache), name }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, count);
}
