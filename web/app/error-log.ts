/**
 * The in-memory error log (spec section 8): uncaught errors and unhandled promise rejections are
 * collected into a list that a global accessor exposes (window.__precinctErrors), for support staff
 * and for tests. Entries read `message at source:line:column` or `Promise Rejection: reason`; code
 * can push its own entries and read them back. The list keeps the most recent entries only.
 */

export const MAX_ERROR_LOG_ENTRIES = 200;

const entries: string[] = [];

export function pushErrorLog(entry: string): void {
  entries.push(entry);
  if (entries.length > MAX_ERROR_LOG_ENTRIES) entries.splice(0, entries.length - MAX_ERROR_LOG_ENTRIES);
}

/** A copy of the entries, oldest first. */
export function getErrorLog(): string[] {
  return [...entries];
}

export function clearErrorLog(): void {
  entries.length = 0;
}

export type ErrorLogAccessor = {
  /** The entries, oldest first. */
  entries: () => string[];
  push: (entry: string) => void;
  clear: () => void;
};

declare global {
  interface Window {
    __precinctErrors?: ErrorLogAccessor;
  }
}

/** `message at source:line:column`, from the fields of an ErrorEvent. */
export function formatUncaughtError(event: {
  message?: string;
  error?: unknown;
  filename?: string;
  lineno?: number;
  colno?: number;
}): string {
  const message = event.message || (event.error instanceof Error ? event.error.message : 'Unknown error');
  return `${message} at ${event.filename || 'unknown'}:${event.lineno ?? 0}:${event.colno ?? 0}`;
}

/** `Promise Rejection: reason`, the reason as readable text whatever it is. */
export function formatRejection(reason: unknown): string {
  return `Promise Rejection: ${describeReason(reason)}`;
}

export function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message ? `${reason.name}: ${reason.message}` : reason.name;
  if (typeof reason === 'string') return reason;
  if (reason === undefined) return 'undefined';
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

/**
 * Listens for uncaught errors and unhandled rejections on `target` and publishes the accessor on it.
 * Returns a function that removes the listeners (the accessor stays).
 */
export function installErrorLog(target: Window): () => void {
  const onError = (event: ErrorEvent) => pushErrorLog(formatUncaughtError(event));
  const onRejection = (event: PromiseRejectionEvent) => pushErrorLog(formatRejection(event.reason));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.__precinctErrors = { entries: getErrorLog, push: pushErrorLog, clear: clearErrorLog };
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
