import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countsOf, fileTimings, formatTimings, passedOnRetry, slowestFiles, type VitestJson } from './test-report.ts';

const root = path.resolve('/repo');

function report(testResults: VitestJson['testResults']): VitestJson {
  return { numPassedTests: 3, numFailedTests: 1, numPendingTests: 1, numTodoTests: 1, testResults };
}

describe('reading the Vitest JSON report', () => {
  it('times each file from its first test’s start to its last test’s end, or by its tests’ durations without them', () => {
    const timings = fileTimings(
      report([
        {
          name: path.join(root, 'e2e/a.test.ts'),
          status: 'passed',
          startTime: 1_000,
          endTime: 13_500,
          assertionResults: [
            { status: 'passed', duration: 4_000 },
            { status: 'passed', duration: 8_000 },
          ],
        },
        {
          name: path.join(root, 'server/b.test.ts'),
          status: 'passed',
          assertionResults: [{ status: 'passed', duration: 1_250 }, { status: 'skipped', duration: null }, { status: 'passed' }],
        },
        { name: 'core/c.test.ts', status: 'failed', startTime: 5_000, endTime: 5_000, assertionResults: [] },
      ]),
      root,
    );
    expect(timings).toEqual([
      { file: 'e2e/a.test.ts', seconds: 12.5 },
      { file: 'server/b.test.ts', seconds: 1.25 },
      { file: 'core/c.test.ts', seconds: 0 },
    ]);
  });

  it('names the slowest files first, at most as many as asked, and prints them aligned', () => {
    const timings = Array.from({ length: 12 }, (_, i) => ({ file: `f${String(i).padStart(2, '0')}.test.ts`, seconds: i % 3 }));
    const slowest = slowestFiles(timings, 10);
    expect(slowest).toHaveLength(10);
    expect(slowest.slice(0, 4).map((t) => t.file)).toEqual(['f02.test.ts', 'f05.test.ts', 'f08.test.ts', 'f11.test.ts']);
    expect(
      formatTimings([
        { file: 'e2e/x.test.ts', seconds: 123.456 },
        { file: 'y.test.ts', seconds: 0.04 },
      ]),
    ).toEqual(['   123.5 s  e2e/x.test.ts', '     0.0 s  y.test.ts']);
  });

  it('counts a file that failed without a failed test once', () => {
    const counts = countsOf(
      report([
        { name: 'a.test.ts', status: 'failed', assertionResults: [{ status: 'failed' }] },
        { name: 'b.test.ts', status: 'failed', message: 'beforeAll threw', assertionResults: [{ status: 'skipped' }] },
      ]),
    );
    expect(counts).toEqual({ passed: 3, failed: 2, skipped: 2 });
  });

  it('names each test that passed only on a retry, with the first line of the error its first try failed with', () => {
    const retried = passedOnRetry(
      report([
        {
          name: path.join(root, 'e2e/productivity/live.test.ts'),
          status: 'passed',
          assertionResults: [
            {
              status: 'passed',
              fullName: 'asks before the back button leaves',
              failureMessages: ['TimeoutError: locator.waitFor: Timeout 30000ms exceeded.\nCall log: …'],
            },
            { status: 'passed', fullName: 'counts a task', failureMessages: [] },
          ],
        },
        {
          name: path.join(root, 'e2e/fleet/office.test.ts'),
          status: 'failed',
          assertionResults: [{ status: 'failed', fullName: 'triages a request', failureMessages: ['Error: first', 'Error: second'] }],
        },
      ]),
      root,
    );
    expect(retried).toEqual([
      {
        file: 'e2e/productivity/live.test.ts',
        test: 'asks before the back button leaves',
        firstError: 'TimeoutError: locator.waitFor: Timeout 30000ms exceeded.',
      },
    ]);
  });
});
