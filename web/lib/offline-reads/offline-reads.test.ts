import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MAX_AGE_MS, offlineReadable } from './offline-query.ts';
import { isKeptQuery, offlineCopyKey, withoutOldestQuery } from './offline-reads-rules.ts';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

function dehydrated(key: string, dataUpdatedAt: number, offline: 'kept' | 'essential'): DehydratedQuery {
  return {
    queryKey: [key],
    queryHash: JSON.stringify([key]),
    dehydratedAt: dataUpdatedAt,
    meta: { offline },
    state: {
      data: key,
      dataUpdateCount: 1,
      dataUpdatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}

function client(queries: DehydratedQuery[]): PersistedClient {
  return { timestamp: 1, buster: 'build', clientState: { queries, mutations: [] } };
}

describe('the copy kept on the device for reading offline', () => {
  it('keeps the successful answers of queries marked offline-readable, and no other', async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({ queryKey: ['kept'], queryFn: () => 1, ...offlineReadable() });
    await queryClient.fetchQuery({ queryKey: ['essential'], queryFn: () => 2, ...offlineReadable({ essential: true }) });
    await queryClient.fetchQuery({ queryKey: ['not marked'], queryFn: () => 3 });
    await queryClient
      .fetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('no')), retry: false, ...offlineReadable() })
      .catch(() => undefined);
    const kept = queryClient
      .getQueryCache()
      .getAll()
      .filter(isKeptQuery)
      .map((query) => query.queryKey[0]);
    expect(kept.sort()).toEqual(['essential', 'kept']);
  });

  it('keeps a marked query in memory as long as its copy is used offline', () => {
    expect(offlineReadable().gcTime).toBe(OFFLINE_MAX_AGE_MS);
    expect(offlineReadable({ essential: true }).meta).toEqual({ offline: 'essential' });
  });

  it('is one copy per user', () => {
    expect(offlineCopyKey('u1')).not.toBe(offlineCopyKey('u2'));
  });

  it('drops the oldest answer that is not essential first when the copy is too large, then the oldest essential one, then gives up', () => {
    let copy: PersistedClient | undefined = client([
      dehydrated('profile', 100, 'essential'),
      dehydrated('vehicles', 300, 'kept'),
      dehydrated('settings', 200, 'kept'),
      dehydrated('config', 50, 'essential'),
    ]);
    const dropped: string[] = [];
    while (copy) {
      const next = withoutOldestQuery({ persistedClient: copy });
      if (next) {
        const left = new Set(next.clientState.queries.map((query) => query.queryKey[0]));
        dropped.push(...copy.clientState.queries.map((query) => String(query.queryKey[0])).filter((key) => !left.has(key)));
      }
      copy = next;
    }
    expect(dropped).toEqual(['settings', 'vehicles', 'config', 'profile']);
  });
});
