/**
 * A lazily loaded part of the app that fails to load usually means a new deployment replaced the
 * file: reload the page to get the new build, at most once per 10 seconds (spec section 9) so that a
 * real outage shows the error page instead of reloading forever.
 */

export const CHUNK_RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'precinct:chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/** True when no reload for a failed chunk happened in the last 10 seconds. */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < CHUNK_RELOAD_GUARD_MS && now >= lastReloadAt);
}

/** A part of the app that could not be loaded even after a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super('Part of Precinct could not be loaded. Check the connection, then reload the page.', { cause });
  }
}

function lastReloadAt(): number | null {
  try {
    const stored = Number(window.sessionStorage.getItem(STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

/** Reloads the page if the guard allows it; returns whether a reload was started. */
export function reloadForChunkError(now = Date.now()): boolean {
  if (!shouldReloadForChunkError(now, lastReloadAt())) return false;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without sessionStorage the guard cannot hold; do not risk a reload loop.
    return false;
  }
  window.location.reload();
  return true;
}

/** How the page learns about the connection; a parameter so that tests can stand in for the browser. */
export interface Connection {
  offline(): boolean;
  /** Resolves once the browser says the connection is back. */
  back(): Promise<void>;
}

const browserConnection: Connection = {
  offline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  back: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
};

/**
 * Wraps a dynamic import. A part that fails to load while the device has no connection is the
 * connection, not a new deployment: it waits for the connection and tries again (a reload with no
 * connection would only trade the page the officer is on for the browser's offline page). Otherwise,
 * on a chunk failure it reloads (guarded) and waits for it, or fails with ChunkLoadError, which the
 * error page shows.
 */
export function importWithReload<T>(importer: () => Promise<T>, connection: Connection = browserConnection): () => Promise<T> {
  const attempt = (): Promise<T> =>
    importer().catch(async (error: unknown) => {
      if (isChunkLoadError(error) && connection.offline()) {
        await connection.back();
        return attempt();
      }
      if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<T>(() => undefined);
      throw isChunkLoadError(error) ? new ChunkLoadError(error) : error;
    });
  return attempt;
}
