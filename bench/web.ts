/**
 * `npm run bench:web`: the web app's weight and speed (QUALITY.md "Performance", issue 8 "Web").
 *
 *   1. Builds the app (vite build --manifest) into a temporary directory, so a build others are
 *      using in dist/ is left alone.
 *   2. Prints, per route group, the gzipped JavaScript and CSS a first visit loads, from the build
 *      manifest's module graph (bench/web/bundle-sizes.ts). Over its goal (issue 13: 150 kB for the
 *      sign-in page, 250 kB for any other first screen) is marked.
 *   3. Starts the real server on that build (fresh embedded database, demo agencies), and runs
 *      Lighthouse (performance only, simulated throttling) over Debian's Chromium on /login (signed
 *      out) and /fleet (signed in as a demo officer), for the mobile and desktop profiles, median of
 *      3 runs each. Checks that the scripts the browser loaded are the ones the manifest predicts.
 *      The server answers over HTTPS with a certificate made for the run, as a deployment does
 *      (README, Operations, "HTTPS"): browsers then speak HTTP/2 to it. `--protocol http` measures plain HTTP/1.1
 *      instead (six connections, as on a trial on localhost), `both` one after the other.
 *   4. Writes everything as JSON to bench/results/web-<timestamp>.json.
 *
 * Options: --runs N (default 3), --form-factor mobile|desktop|both (default both),
 * --protocol https|http|both (default https), --no-lighthouse (sizes only).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startAppServer, type Protocol } from './web/app-server.ts';
import {
  filesForGroup,
  largestChunks,
  measureRouteGroups,
  pageOf,
  publicScripts,
  readManifest,
  ROUTE_GROUPS,
  type RouteGroupSize,
} from './web/bundle-sizes.ts';
import {
  launchChromium,
  lighthouseCase,
  median,
  signInThroughScreen,
  type FormFactor,
  type LighthouseCase,
} from './web/lighthouse-runs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A demo officer of Riverside (server/db/seed-demo.ts); the demo agency does not require MFA. */
const DEMO_ACCOUNT = { email: 'officer@riverside.example', password: 'precinct-demo-2026' };

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'form-factor': { type: 'string', default: 'both' },
    protocol: { type: 'string', default: 'https' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
const formFactorOption = options['form-factor'];
if (!['mobile', 'desktop', 'both'].includes(formFactorOption)) throw new Error('--form-factor must be mobile, desktop or both');
const formFactors: FormFactor[] = formFactorOption === 'both' ? ['mobile', 'desktop'] : [formFactorOption as FormFactor];
const protocolOption = options.protocol;
if (!['https', 'http', 'both'].includes(protocolOption)) throw new Error('--protocol must be https, http or both');
const protocols: Protocol[] = protocolOption === 'both' ? ['https', 'http'] : [protocolOption as Protocol];
const protocolLabel = (protocol: Protocol) => (protocol === 'https' ? 'HTTPS (HTTP/2)' : 'HTTP/1.1');

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => Math.round(value).toLocaleString('en-US');

function build(outDir: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`vite build failed (exit code ${code})`)),
    );
  });
}

function sizeTable(groups: RouteGroupSize[]): string {
  const lines = [
    '| Route group | Path | JS gz kB | CSS gz kB | Chunks (JS) | JS raw kB | JS sent kB | |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const group of groups) {
    const mark = group.js.gzip > group.budget ? `**over the goal** (> ${kB(group.budget)} kB)` : '';
    lines.push(
      `| ${group.name} | ${group.path} | ${kB(group.js.gzip)} | ${kB(group.css.gzip)} | ${group.js.chunks} | ${kB(group.js.bytes)} | ${kB(group.js.sent)} | ${mark} |`,
    );
  }
  return lines.join('\n');
}

function lighthouseTable(cases: LighthouseCase[]): string {
  const lines = [
    '| Page | Profile | Protocol | Score | FCP ms | LCP ms | TBT ms | CLS | Speed index ms | Scores of the runs |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of cases) {
    const m = c.median;
    lines.push(
      `| ${c.path}${c.signedIn ? ' (signed in)' : ''} | ${c.formFactor} | ${protocolLabel(c.protocol)} | ${m.score} | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${c.runs.map((run) => run.score).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

/** The manifest's prediction for a page against what the browser fetched (by file name). */
function crossCheck(outDir: string, c: LighthouseCase, groupName: string) {
  const manifest = readManifest(outDir);
  const group = ROUTE_GROUPS.find((candidate) => candidate.name === groupName);
  if (!group) throw new Error(`No route group ${groupName}`);
  const predicted = new Set([
    ...publicScripts(fs.readFileSync(path.join(outDir, pageOf(group)), 'utf8')),
    ...filesForGroup(manifest, group).js,
  ]);
  const run = c.runs[0];
  const loaded = new Set((run?.resources ?? []).filter((r) => r.type === 'Script').map((r) => new URL(r.url).pathname.replace(/^\//, '')));
  return {
    page: c.path,
    formFactor: c.formFactor,
    protocol: c.protocol,
    predictedScripts: predicted.size,
    loadedScripts: loaded.size,
    loadedButNotPredicted: [...loaded].filter((file) => !predicted.has(file)),
    predictedButNotLoaded: [...predicted].filter((file) => !loaded.has(file)),
    transferredScriptBytes: (run?.resources ?? []).filter((r) => r.type === 'Script').reduce((total, r) => total + r.transferBytes, 0),
  };
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (
      execFileSync('git', ['status', '--porcelain', '--', 'web', 'core', 'vite.config.ts'], { cwd: root, encoding: 'utf8' }).trim() !== ''
    )
      commit += ' + uncommitted web changes';
  } catch {
    // not a git checkout (e.g. a copy of the tree)
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-bench-web-build-'));
  try {
    console.log(`Building the web app into ${outDir} …`);
    const buildMs = await build(outDir);
    console.log(`Built in ${(buildMs / 1000).toFixed(1)} s (commit ${commit}).\n`);

    const groups = measureRouteGroups(outDir);
    const largest = largestChunks(outDir, 8);
    console.log('## First-visit JavaScript and CSS per route group (gzip, zlib default level; kB = 1000 bytes)\n');
    console.log(sizeTable(groups));
    console.log(
      "\nEntry chunk + its static imports (transitively) + the lazy chunks of the route's components (and their static imports), each chunk once; CSS is what those chunks carry.",
    );
    console.log('posthog-js is loaded only when analytics is configured, and is not counted.');
    console.log("JS sent: what the server sends a browser that accepts Brotli (the build's .br copies; a file without one goes as it is).");
    console.log(`\nLargest chunks of the build (gz kB): ${largest.map((chunk) => `${chunk.name} ${kB(chunk.gzip)}`).join(', ')}\n`);

    const cases: LighthouseCase[] = [];
    const checks: Array<ReturnType<typeof crossCheck>> = [];
    if (!options['no-lighthouse']) {
      for (const protocol of protocols) {
        const server = await startAppServer(root, outDir, protocol);
        const chrome = await launchChromium({ trustCertificateSpki: server.certificate?.spki ?? null });
        try {
          console.log(`Lighthouse ${runs}× per page and profile (simulated throttling) against ${server.baseUrl} …`);
          const progress = (label: string) => (run: { score: number }, index: number) =>
            console.log(`  ${label} run ${index + 1}: score ${run.score}`);
          const measure = async (page: string, signedIn: boolean) => {
            for (const formFactor of formFactors)
              cases.push(
                await lighthouseCase(chrome.port, server.baseUrl, page, formFactor, {
                  runs,
                  signedIn,
                  protocol,
                  onRun: progress(`${page} ${formFactor}`),
                }),
              );
          };
          await measure('/login', false);
          await signInThroughScreen(chrome.port, server.baseUrl, DEMO_ACCOUNT);
          console.log(`  signed in as ${DEMO_ACCOUNT.email}`);
          await measure('/fleet', true);
        } finally {
          chrome.kill();
          await server.stop();
        }
      }
      console.log(
        `\n## Lighthouse performance (median of ${runs}; mobile = Lighthouse's default Moto G Power profile, slow 4G and 4× CPU; desktop = its desktop config; HTTPS (HTTP/2) as deployed, HTTP/1.1 as a trial on localhost)\n`,
      );
      const speeds = cases.flatMap((c) => c.runs.map((run) => run.benchmarkIndex));
      console.log(
        `Machine load average (1 min) ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs; Lighthouse's benchmark index of its CPU (higher is faster) ${Math.round(median(speeds))} (${Math.round(Math.min(...speeds))}–${Math.round(Math.max(...speeds))}): TBT and the scores move with both.\n`,
      );
      console.log(lighthouseTable(cases));
      for (const c of cases) checks.push(crossCheck(outDir, c, c.path === '/login' ? 'sign-in' : 'fleet'));
      console.log("\nScripts the browser loaded against the manifest's prediction (first run of each):");
      for (const check of checks) {
        const agree = check.loadedButNotPredicted.length === 0 && check.predictedButNotLoaded.length === 0;
        console.log(
          `  ${check.page} ${check.formFactor} ${protocolLabel(check.protocol)}: ${check.loadedScripts} loaded, ${check.predictedScripts} predicted${agree ? ' (same files)' : `; not predicted: ${check.loadedButNotPredicted.join(', ') || 'none'}; not loaded: ${check.predictedButNotLoaded.join(', ') || 'none'}`}; ${kB(check.transferredScriptBytes)} kB transferred`,
        );
      }
    }

    const resultsDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const result = {
      measuredAt: startedAt.toISOString(),
      commit,
      host: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        node: process.version,
        loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() },
      },
      buildMs: Math.round(buildMs),
      routeGroups: groups,
      largestChunks: largest,
      lighthouse: { runsPerCase: runs, throttling: 'simulated', cases, scriptCrossCheck: checks },
    };
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(root, file)}`);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
