/**
 * Reading Vitest's JSON report (`--reporter=json --outputFile.json=…`) for `npm test` (scripts/test.ts):
 * the pass/fail/skip counts, and how long each test file took, to name the slowest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Vitest's JSON report (the subset we read). */
export interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    /** When the file's first test started and its last one ended (ms since the epoch). */
    startTime?: number;
    endTime?: number;
    assertionResults: Array<{
      status: string;
      duration?: number | null;
      fullName?: string;
      /** The errors of every failed try; a test that passed on a retry keeps those of the tries before. */
      failureMessages?: string[];
    }>;
  }>;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface FileTiming {
  /** Relative to the repository root, with forward slashes. */
  file: string;
  seconds: number;
}

/** The report at `file`, or undefined when there is none or it does not parse. */
export function readReport(file: string): VitestJson | undefined {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
    return Array.isArray(report.testResults) ? report : undefined;
  } catch {
    return undefined;
  }
}

export function countsOf(report: VitestJson): Counts {
  // A file that failed to load or whose hooks threw has no failed test but did fail: count it once.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** A report's file name relative to the repository root, with forward slashes. */
function repositoryPath(name: string, root: string): string {
  return (path.isAbsolute(name) ? path.relative(root, name) : name).split(path.sep).join('/');
}

/**
 * Seconds each test file took: from its first test's start to its last test's end as the report
 * gives them, or, where the report has no such span, the sum of its tests' durations. A file's
 * hooks before its first test (a `beforeAll` making accounts) fall outside both.
 */
export function fileTimings(report: VitestJson, root: string): FileTiming[] {
  return report.testResults.map((result) => {
    const summed = result.assertionResults.reduce((total, test) => total + (typeof test.duration === 'number' ? test.duration : 0), 0);
    const { startTime, endTime } = result;
    const span = typeof startTime === 'number' && typeof endTime === 'number' && endTime > startTime ? endTime - startTime : 0;
    return { file: repositoryPath(result.name, root), seconds: (span > 0 ? span : summed) / 1000 };
  });
}

/** The `count` slowest files, slowest first (ties by name). */
export function slowestFiles(timings: FileTiming[], count = 10): FileTiming[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, count);
}

/** `  123.4 s  path`, one line per file. */
export function formatTimings(timings: FileTiming[]): string[] {
  return timings.map((timing) => `${timing.seconds.toFixed(1).padStart(8)} s  ${timing.file}`);
}

export interface PassedOnRetry {
  file: string;
  test: string;
  /** The first line of the first try's error. */
  firstError: string;
}

/**
 * The tests that failed a try and then passed (the browser tests retry a failed test once): they are
 * green, but each is a flaky test or a race in the app to be found, so `npm test` names them.
 */
export function passedOnRetry(report: VitestJson, root: string): PassedOnRetry[] {
  return report.testResults.flatMap((result) => {
    const file = repositoryPath(result.name, root);
    return result.assertionResults
      .filter((test) => test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0)
      .map((test) => ({
        file,
        test: test.fullName ?? '(unnamed test)',
        firstError: (test.failureMessages?.[0] ?? '').split('\n')[0]?.trim() ?? '',
      }));
  });
}
