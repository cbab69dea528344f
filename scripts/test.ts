/**
 * `npm test`: everything CI runs, in order, stopping at the first failure.
 *
 *   1. prerequisites   PostgreSQL server binaries and Chromium (installed when root with apt-get)
 *   2. typecheck       npm run typecheck   } side by side, each on one core; their output is
 *      and lint        npm run lint        } printed whole as each ends, not interleaved
 *   3. unit + API      vitest run                                  (vitest.config.ts)
 *   4. browser (e2e)   vitest run --config e2e/vitest.config.ts
 *
 * Extra arguments go to both Vitest runs (`npm test -- server/auth`); with a filter, a run that finds no
 * test file passes. Prints a summary of every step that ran, then the ten slowest test files of each
 * Vitest run (from its JSON report in test-results/), and, last, one line
 * `N passed, N failed, N skipped` summing the Vitest runs (CI reads that line). Exits non-zero when
 * anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrerequisites } from './prerequisites.ts';
import {
  countsOf,
  fileTimings,
  formatTimings,
  passedOnRetry,
  readReport,
  slowestFiles,
  type Counts,
  type FileTiming,
  type PassedOnRetry,
} from './test-report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const extraArgs = process.argv.slice(2);

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  note?: string;
}

const steps: StepResult[] = [];
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
/** Each Vitest run's file timings, in the order the runs ran. */
const timings: Array<{ label: string; files: FileTiming[] }> = [];
/** Tests that failed once and passed on their retry, from every Vitest run. */
const retried: PassedOnRetry[] = [];
const SLOWEST_SHOWN = 10;

function banner(name: string): void {
  console.log(`\n━━ ${name} ${'━'.repeat(Math.max(0, 70 - name.length))}`);
}

/** Runs a command with its output kept, and prints that output in one piece when it ends. */
function runCommandQuietly(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let couldNotStart = false;
    child.once('error', (error) => {
      couldNotStart = true;
      console.error(`${command} could not start: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => {
      if (couldNotStart) return; // 'error' said so already
      const text = Buffer.concat(output).toString('utf8');
      console.log(`── ${[command, ...args].join(' ')}: ${code === 0 ? 'ok' : `failed (${code ?? signal})`}`);
      if (text.trim() !== '') process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function runCommand(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** The node that runs our TypeScript (Node 24 from the `node` package), even if we were started otherwise. */
function nodeBinary(): string {
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

async function step(name: string, body: () => Promise<{ ok: boolean; note?: string }>): Promise<boolean> {
  banner(name);
  const started = performance.now();
  let outcome: { ok: boolean; note?: string };
  try {
    outcome = await body();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    outcome = { ok: false };
  }
  steps.push({ name, ok: outcome.ok, seconds: (performance.now() - started) / 1000, ...(outcome.note ? { note: outcome.note } : {}) });
  return outcome.ok;
}

function vitestStep(label: string, reportName: string, configArgs: string[]): () => Promise<{ ok: boolean; note?: string }> {
  return async () => {
    mkdirSync(resultsDir, { recursive: true });
    const report = path.join(resultsDir, `${reportName}.json`);
    rmSync(report, { force: true });
    const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const args = [
      vitest,
      'run',
      ...configArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(extraArgs.length > 0 ? ['--passWithNoTests'] : []),
      ...extraArgs,
    ];
    const code = await runCommand(nodeBinary(), args);
    const parsed = readReport(report);
    const counts = parsed && countsOf(parsed);
    if (parsed) {
      timings.push({ label, files: fileTimings(parsed, root) });
      retried.push(...passedOnRetry(parsed, root));
    }
    if (counts) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
    }
    const note = counts
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : `no report (${label} did not finish)`;
    return { ok: code === 0, note };
  };
}

async function main(): Promise<number> {
  const plan: Array<[string, () => Promise<{ ok: boolean; note?: string }>]> = [
    [
      'prerequisites',
      async () => {
        const found = ensurePrerequisites();
        console.log(`PostgreSQL server binaries: ${found.postgresBinDir}\nChromium: ${found.chromium}`);
        return { ok: true };
      },
    ],
    [
      'typecheck and lint',
      async () => {
        // tsc and ESLint each keep one core busy: side by side they take about as long as the longer one.
        const [typecheck, lint] = await Promise.all([
          runCommandQuietly('npm', ['run', '--silent', 'typecheck']),
          runCommandQuietly('npm', ['run', '--silent', 'lint']),
        ]);
        const failed = [typecheck !== 0 && 'typecheck', lint !== 0 && 'lint'].filter(Boolean);
        return { ok: failed.length === 0, ...(failed.length > 0 ? { note: `${failed.join(' and ')} failed` } : {}) };
      },
    ],
    ['unit and API tests', vitestStep('unit and API tests', 'vitest-unit', [])],
    ['browser tests', vitestStep('browser tests', 'vitest-e2e', ['--config', 'e2e/vitest.config.ts'])],
  ];

  for (const [name, body] of plan) {
    if (!(await step(name, body))) break;
  }

  banner('summary');
  for (const s of steps) {
    console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name.padEnd(20)} ${s.seconds.toFixed(1).padStart(6)} s${s.note ? `   ${s.note}` : ''}`);
  }
  const notRun = plan.slice(steps.length).map(([name]) => name);
  if (notRun.length > 0) console.log(`not run (an earlier step failed): ${notRun.join(', ')}`);
  for (const run of timings) {
    if (run.files.length === 0) continue;
    const shown = slowestFiles(run.files, SLOWEST_SHOWN);
    console.log(`\nslowest test files, ${run.label} (${shown.length} of ${run.files.length}, first test's start to last test's end):`);
    for (const line of formatTimings(shown)) console.log(line);
  }
  if (retried.length > 0) {
    console.log(`\npassed only on a second try (${retried.length}): a flaky test or a race in the app, to be found:`);
    for (const test of retried) console.log(`  ${test.file}: ${test.test}\n      first try: ${test.firstError}`);
  }
  const failedStep = steps.some((s) => !s.ok);
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''}`);
  return failedStep || totals.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
