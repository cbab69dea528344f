import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './outbox-rules.ts';

/**
 * Where the outbox's items wait on the device: IndexedDB (it outlives a closed tab, a reload and a
 * sign-out, unlike the storages sign-out empties), through idb's small promise wrapper
 * (docs/decisions/014-offline.md). One object store, keyed by the item's id.
 */

interface OutboxDatabase extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { by_user: string } };
}

const DATABASE_NAME = 'precinct-outbox';
const VERSION = 1;

let opened: Promise<IDBPDatabase<OutboxDatabase>> | null = null;

function database(): Promise<IDBPDatabase<OutboxDatabase>> {
  opened ??= openDB<OutboxDatabase>(DATABASE_NAME, VERSION, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by_user', 'user_id');
    },
  }).catch((error: unknown) => {
    // A failed open (storage blocked, a private window) is tried again next time.
    opened = null;
    throw error;
  });
  return opened;
}

export const outboxStore = {
  async all(): Promise<OutboxItem[]> {
    return (await database()).getAll('items');
  },
  async get(id: string): Promise<OutboxItem | undefined> {
    return (await database()).get('items', id);
  },
  async ofUser(userId: string): Promise<OutboxItem[]> {
    return (await database()).getAllFromIndex('items', 'by_user', userId);
  },
  async put(item: OutboxItem): Promise<void> {
    await (await database()).put('items', item);
  },
  async remove(id: string): Promise<void> {
    await (await database()).delete('items', id);
  },
};
