import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_ERROR_LOG_ENTRIES,
  clearErrorLog,
  formatRejection,
  formatUncaughtError,
  getErrorLog,
  installErrorLog,
  pushErrorLog,
} from './error-log.ts';

beforeEach(() => clearErrorLog());

/** A stand-in for window: an event target that can carry the accessor. */
function fakeWindow() {
  const target = new EventTarget() as EventTarget & { __precinctErrors?: unknown };
  return target;
}

describe('the error log', () => {
  it('reads back what code pushes, oldest first', () => {
    pushErrorLog('first');
    pushErrorLog('second');
    expect(getErrorLog()).toEqual(['first', 'second']);
  });

  it('hands out a copy, so a reader cannot change the log', () => {
    pushErrorLog('kept');
    getErrorLog().push('not kept');
    expect(getErrorLog()).toEqual(['kept']);
  });

  it('keeps only the most recent entries', () => {
    for (let index = 0; index < MAX_ERROR_LOG_ENTRIES + 5; index += 1) pushErrorLog(`entry ${index}`);
    const log = getErrorLog();
    expect(log).toHaveLength(MAX_ERROR_LOG_ENTRIES);
    expect(log[0]).toBe('entry 5');
  });

  it("writes an uncaught error as 'message at source:line:column'", () => {
    expect(formatUncaughtError({ message: 'x is undefined', filename: 'https://p.gov/assets/index.js', lineno: 12, colno: 7 })).toBe(
      'x is undefined at https://p.gov/assets/index.js:12:7',
    );
  });

  it("writes a rejection as 'Promise Rejection: reason', whatever the reason is", () => {
    expect(formatRejection(new TypeError('bad'))).toBe('Promise Rejection: TypeError: bad');
    expect(formatRejection('plain')).toBe('Promise Rejection: plain');
    expect(formatRejection({ code: 42 })).toBe('Promise Rejection: {"code":42}');
    expect(formatRejection(undefined)).toBe('Promise Rejection: undefined');
  });

  it('collects uncaught errors and unhandled rejections from the window and publishes the accessor', () => {
    const target = fakeWindow();
    const uninstall = installErrorLog(target as unknown as Window);
    const error = new Event('error') as Event & Record<string, unknown>;
    Object.assign(error, { message: 'boom', filename: 'app.js', lineno: 1, colno: 2 });
    target.dispatchEvent(error);
    const rejection = new Event('unhandledrejection') as Event & Record<string, unknown>;
    Object.assign(rejection, { reason: new Error('nope') });
    target.dispatchEvent(rejection);

    const accessor = (target as unknown as Window).__precinctErrors;
    expect(accessor?.entries()).toEqual(['boom at app.js:1:2', 'Promise Rejection: Error: nope']);
    accessor?.push('pushed by code');
    expect(getErrorLog().at(-1)).toBe('pushed by code');
    uninstall();
    target.dispatchEvent(error);
    expect(getErrorLog()).toHaveLength(3);
  });
});
