import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { UploadPurpose } from '../../../core/contracts/storage.ts';

/**
 * Where photos taken without a connection wait on the device: IndexedDB, which keeps a Blob as it is
 * and outlives a reload and a sign-out, like the outbox's items (outbox-store.ts). A database of its
 * own rather than a second store of the outbox's: adding a store means a new version, and a tab still
 * running the previous build holds the old version open and would block the upgrade until it closed.
 * Here an open connection gives way when a later build needs to upgrade (`blocking`).
 */

/** A photo kept on the device under its local id (`local:<uuid>`, kept-photo-rules.ts) until it is uploaded. */
export type KeptPhoto = {
  id: string;
  /** Who took it: only their forms show it, and only their session uploads it. */
  user_id: string;
  /** What storage/v1 keeps it for (`fleet`), as the form would have uploaded it. */
  purpose: UploadPurpose;
  blob: Blob;
  /** The file's name on the device, when it had one (kept with the upload). */
  name?: string;
  created_at: string;
  /** The stored file's id once uploaded: a second send of the same form uses it instead of uploading again. */
  stored_id: string | null;
};

interface KeptPhotoDatabase extends DBSchema {
  photos: { key: string; value: KeptPhoto };
}

const DATABASE_NAME = 'precinct-kept-photos';
const VERSION = 1;

let opened: Promise<IDBPDatabase<KeptPhotoDatabase>> | null = null;

function database(): Promise<IDBPDatabase<KeptPhotoDatabase>> {
  if (opened) return opened;
  const opening: Promise<IDBPDatabase<KeptPhotoDatabase>> = openDB<KeptPhotoDatabase>(DATABASE_NAME, VERSION, {
    upgrade(db) {
      db.createObjectStore('photos', { keyPath: 'id' });
    },
    blocking() {
      // A later build opens a newer version: this connection closes, and the next use opens that one.
      opened = null;
      void opening.then((db) => db.close());
    },
  });
  opened = opening.catch((error: unknown) => {
    // A failed open (storage blocked, a private window) is tried again next time.
    opened = null;
    throw error;
  });
  return opened;
}

export const keptPhotoStore = {
  async get(id: string): Promise<KeptPhoto | undefined> {
    return (await database()).get('photos', id);
  },
  async ids(): Promise<string[]> {
    return (await database()).getAllKeys('photos');
  },
  async put(photo: KeptPhoto): Promise<void> {
    await (await database()).put('photos', photo);
  },
  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const transaction = (await database()).transaction('photos', 'readwrite');
    await Promise.all([...ids.map((id) => transaction.store.delete(id)), transaction.done]);
  },
};
