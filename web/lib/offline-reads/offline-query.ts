/**
 * Marks a query whose answer is kept on the device so that the officer's forms open without a
 * connection (offline-reads.ts persists only these; docs/decisions/014-offline.md):
 *
 *   queryOptions({ queryKey, queryFn, ...offlineReadable() })
 *   queryOptions({ queryKey, queryFn, ...offlineReadable({ essential: true }) })   // the profile: dropped last
 *
 * Such a query stays in memory as long as it is kept on the device (its gcTime), because the device's
 * copy is written from the memory cache: a query collected from memory would leave it at the next save.
 * This file is small and imports nothing, so the modules' query files can use it without carrying the
 * storage code.
 */

/** How long a kept answer is used offline: a shift and more. Older copies are dropped when read. */
export const OFFLINE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What a query's `meta` says about keeping it on the device. */
export type OfflineMeta = {
  /** Kept for reading offline; `'essential'` ones (what every signed-in screen needs) are dropped last when the kept copy is too large. */
  offline?: 'kept' | 'essential';
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: OfflineMeta;
  }
}

export function offlineReadable(options: { essential?: boolean } = {}) {
  return {
    meta: { offline: options.essential ? 'essential' : 'kept' } satisfies OfflineMeta,
    gcTime: OFFLINE_MAX_AGE_MS,
  } as const;
}
