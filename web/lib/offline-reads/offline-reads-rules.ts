import type { PersistedClient } from '@tanstack/query-persist-client-core';
import type { Query } from '@tanstack/react-query';
import type { OfflineMeta } from './offline-query.ts';

/**
 * The rules of the offline copy (offline-reads.ts applies them), without storage: which answers are
 * kept, under which key, and what goes first when the copy is too large.
 */

/** At most this many characters of JSON are kept per user (about 1 MB): the forms' data is a few dozen kB. */
export const OFFLINE_COPY_MAX_CHARS = 1_000_000;

/** Kept: a successful answer of a query marked offline-readable (offline-query.ts), nothing else. */
export function isKeptQuery(query: Pick<Query, 'state' | 'meta'>): boolean {
  const meta = query.meta as OfflineMeta | undefined;
  return query.state.status === 'success' && (meta?.offline === 'kept' || meta?.offline === 'essential');
}

/** The storage key of a user's copy: one per user, so one officer's data never opens for another. */
export function offlineCopyKey(userId: string): string {
  return `queries:${userId}`;
}

/** Thrown by the storage when a copy is larger than the limit; the persister then drops a query and tries again. */
export class OfflineCopyTooLarge extends Error {
  constructor(size: number) {
    super(`The offline copy (${size} characters) is larger than ${OFFLINE_COPY_MAX_CHARS}`);
    this.name = 'OfflineCopyTooLarge';
  }
}

/**
 * A smaller copy to try when saving failed: without the oldest answer that is not essential, or,
 * when only essential ones are left, without the oldest of those; undefined when nothing is left.
 */
export function withoutOldestQuery({ persistedClient }: { persistedClient: PersistedClient }): PersistedClient | undefined {
  const queries = persistedClient.clientState.queries;
  if (queries.length === 0) return undefined;
  const essential = (query: (typeof queries)[number]) => (query.meta as OfflineMeta | undefined)?.offline === 'essential';
  const candidates = queries.some((query) => !essential(query)) ? queries.filter((query) => !essential(query)) : queries;
  const oldest = candidates.reduce((a, b) => (b.state.dataUpdatedAt < a.state.dataUpdatedAt ? b : a));
  return {
    ...persistedClient,
    clientState: { ...persistedClient.clientState, queries: queries.filter((query) => query !== oldest) },
  };
}
