import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type AsyncStorage } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { getAuthState, subscribeAuth } from '../session/session.ts';
import { OFFLINE_MAX_AGE_MS } from './offline-query.ts';
import { isKeptQuery, OFFLINE_COPY_MAX_CHARS, OfflineCopyTooLarge, offlineCopyKey, withoutOldestQuery } from './offline-reads-rules.ts';

/**
 * The data the officer's forms need, kept on the device (docs/decisions/014-offline.md): TanStack
 * Query's persister writes the answers of the queries marked offline-readable (offline-query.ts) to
 * IndexedDB, one copy per user, at most about 1 MB (the oldest answers go first), and the app reads
 * the copy back before its first screen, so a page reloaded without a connection opens its form with
 * the vehicle, the template and the categories it had. The copy is a day old at most, is dropped when
 * a new build runs (its answers may have another shape), and is deleted, every user's, on sign-out.
 */

interface OfflineReadsDatabase extends DBSchema {
  copies: { key: string; value: string };
}

const DATABASE_NAME = 'precinct-offline-reads';
/** Saves are gathered: at most one write a second. */
const THROTTLE_MS = 1000;

let opened: Promise<IDBPDatabase<OfflineReadsDatabase>> | null = null;

function database(): Promise<IDBPDatabase<OfflineReadsDatabase>> {
  opened ??= openDB<OfflineReadsDatabase>(DATABASE_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('copies');
    },
  }).catch((error: unknown) => {
    // Storage blocked (a private window): nothing is kept, and the next call tries again.
    opened = null;
    throw error;
  });
  return opened;
}

/** The copy being kept now (the signed-in user's); any other write is refused, so a save queued before a sign-out never lands after it. */
let current: { userId: string; key: string; stop: () => void } | null = null;

const storage: AsyncStorage<string> = {
  async getItem(key) {
    const copy = (await (await database()).get('copies', key)) ?? null;
    // Read while its user signed out (or another signed in): not restored. The restore writes what
    // this returns into the cache within the same task, so no sign-out can come in between.
    return current?.key === key ? copy : null;
  },
  async setItem(key, value) {
    if (current?.key !== key) return;
    if (value.length > OFFLINE_COPY_MAX_CHARS) throw new OfflineCopyTooLarge(value.length);
    await (await database()).put('copies', value, key);
  },
  async removeItem(key) {
    await (await database()).delete('copies', key);
  },
};

/** Reads the user's copy into the cache, then keeps it up to date as the answers change. */
async function keepFor(queryClient: QueryClient, userId: string, buster: string): Promise<void> {
  current?.stop();
  const key = offlineCopyKey(userId);
  const persister = createAsyncStoragePersister({ storage, key, throttleTime: THROTTLE_MS, retry: withoutOldestQuery });
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  const mine = {
    userId,
    key,
    stop: () => {
      stopped = true;
      unsubscribe?.();
    },
  };
  current = mine;
  await persistQueryClientRestore({
    queryClient,
    persister,
    maxAge: OFFLINE_MAX_AGE_MS,
    buster,
    // Restored answers stay in memory as long as they are kept (a query collected from memory would leave the copy at the next save).
    hydrateOptions: { defaultOptions: { queries: { gcTime: OFFLINE_MAX_AGE_MS } } },
  }).catch(() => undefined);
  if (stopped) return;
  unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: isKeptQuery, shouldDehydrateMutation: () => false },
  });
}

/** Stops keeping, and deletes every user's copy from the device (sign-out: spec section 4 empties the browser's storage). */
export async function clearOfflineReads(): Promise<void> {
  current?.stop();
  current = null;
  await (await database()).clear('copies');
}

/**
 * Keeps the signed-in user's copy from now on: reads it into `queryClient` (resolves when read, or
 * after `waitMs` at most, so a slow storage never holds the first screen), follows sign-ins (another
 * user's copy) and deletes every copy on sign-out. A save queued before a sign-out is refused after
 * it (only the current user's copy is written), whichever of the sign-out's handlers runs first.
 */
export function keepOfflineReads(queryClient: QueryClient, options: { buster: string; waitMs: number }): Promise<void> {
  subscribeAuth((state, event) => {
    if (event === 'SIGNED_OUT') {
      void clearOfflineReads().catch(() => undefined);
      return;
    }
    const userId = state.session?.user.id;
    if (userId && userId !== current?.userId) void keepFor(queryClient, userId, options.buster);
  });
  const userId = getAuthState().session?.user.id;
  // Signed out from the start: a copy still on the device outlived its session (it ended before this
  // page could act on it), and sign-out leaves none.
  if (!userId) return clearOfflineReads().catch(() => undefined);
  const restored = keepFor(queryClient, userId, options.buster).catch(() => undefined);
  return Promise.race([restored, new Promise<void>((resolve) => setTimeout(resolve, options.waitMs))]);
}
