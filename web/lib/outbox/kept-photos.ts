import { useEffect, useState, useSyncExternalStore } from 'react';
import { StoredFile, storageApi, type UploadPurpose } from '../../../core/contracts/storage.ts';
import { callEndpoint } from '../api.ts';
import { isApiError, NETWORK_ERROR_CODE } from '../api-error.ts';
import { getAuthState, subscribeAuth } from '../session/session.ts';
import { uploadWithProgress } from '../upload.ts';
import { KeptPhotoMissingError, newKeptPhotoId } from './kept-photo-rules.ts';
import { keptPhotoStore } from './kept-photo-store.ts';
import { photosNoItemKeeps } from './outbox-rules.ts';
import { outboxStore } from './outbox-store.ts';

/**
 * Photos taken without a connection (docs/decisions/014-offline.md). A form's photo field calls
 *
 *   const photo = await uploadOrKeepPhoto(file, 'fleet', setProgress);
 *
 * and holds `photo.id`: the stored file's id, or, offline or when the upload got no answer, the local
 * id (`local:<uuid>`) of the photo kept on the device, shown with `KeptPhotoThumbnail`. The form sends
 * its body as it is through sendOrQueue, which uploads the kept photos first (or the outbox does, when
 * the request waits) and puts the stored ids in their place.
 */

function signedInUserId(): string | null {
  return getAuthState().session?.user.id ?? null;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Keeps a photo on the device for the signed-in user until it can be uploaded; answers its local id. */
/** The name a picked file had on the device (a photo taken by the camera may have none worth keeping). */
function nameOf(file: Blob): string | undefined {
  return typeof File !== 'undefined' && file instanceof File && file.name ? file.name : undefined;
}

async function keepPhoto(blob: Blob, purpose: UploadPurpose): Promise<string> {
  const userId = signedInUserId();
  if (!userId) throw new Error('Sign in again to add a photo');
  const id = newKeptPhotoId();
  try {
    const name = nameOf(blob);
    await keptPhotoStore.put({
      id,
      user_id: userId,
      purpose,
      blob,
      ...(name ? { name } : {}),
      created_at: new Date().toISOString(),
      stored_id: null,
    });
  } catch (error) {
    throw new Error('This device could not keep the photo (its storage is full or blocked); add it once you are back online', {
      cause: error,
    });
  }
  return id;
}

/**
 * Uploads a photo for a form (storage/v1, for `purpose`), or keeps it on the device when it cannot be
 * uploaded now: offline, or the upload got no answer. The server's refusals (not an image, too large)
 * are thrown as they are, for the field to show.
 */
export async function uploadOrKeepPhoto(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
): Promise<{ id: string; kept: boolean }> {
  if (isOffline()) return { id: await keepPhoto(file, purpose), kept: true };
  try {
    const name = nameOf(file);
    const stored = await callEndpoint(storageApi.upload, { query: { purpose, ...(name ? { name } : {}) }, body: file, onProgress });
    return { id: stored.id, kept: false };
  } catch (error) {
    if (!(isApiError(error) && error.code === NETWORK_ERROR_CODE)) throw error;
    return { id: await keepPhoto(file, purpose), kept: true };
  }
}

/**
 * Uploads a kept photo of `userId` (with `accessToken` when given, else the signed-in user's) and
 * answers the stored file's id. A photo uploaded before answers its stored id again without another
 * upload (a form sent twice, after a refusal). Throws KeptPhotoMissingError when the device no longer
 * has it (or it is someone else's), and the upload's errors as they are.
 */
export async function uploadKeptPhoto(
  id: string,
  options: { userId: string; accessToken?: string; background?: boolean; onProgress?: (percent: number) => void },
): Promise<string> {
  const photo = await keptPhotoStore.get(id);
  if (!photo || photo.user_id !== options.userId) throw new KeptPhotoMissingError();
  if (photo.stored_id) return photo.stored_id;
  const stored = await uploadWithProgress({
    method: 'POST',
    url: `${storageApi.upload.url}?${new URLSearchParams({ purpose: photo.purpose, ...(photo.name ? { name: photo.name } : {}) }).toString()}`,
    file: photo.blob,
    schema: StoredFile,
    onProgress: options.onProgress ?? (() => undefined),
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    ...(options.background ? { background: true } : {}),
  });
  // Best effort: the caller puts the stored id in its request at once; this only spares a second upload.
  await keptPhotoStore.put({ ...photo, stored_id: stored.id }).catch(() => undefined);
  return stored.id;
}

/** Deletes these kept photos from the device, except those an outbox item still refers to. */
export async function forgetKeptPhotos(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await keptPhotoStore.remove(photosNoItemKeeps(ids, await outboxStore.all()));
}

/**
 * Deletes every kept photo no outbox item refers to: on sign-out, when the forms that held them are
 * gone (a squad check's draft on the device goes with the browser's storages), while the photos of
 * the items that wait stay with them.
 */
export async function forgetUnsentFormPhotos(): Promise<void> {
  const ids = await keptPhotoStore.ids();
  await forgetKeptPhotos(ids);
}

/**
 * A blob URL of a kept photo (or document) for its thumbnail, made while the thumbnail shows and
 * revoked after, with its type (`image/png`, `application/pdf`); `missing` when the device does not
 * have it, or it is not the signed-in user's.
 */
export function useKeptPhotoUrl(id: string): { url: string | null; type: string | null; missing: boolean } {
  const userId = useSyncExternalStore(subscribeAuth, signedInUserId);
  const [read, setRead] = useState<{ key: string; url: string | null; type: string | null } | null>(null);
  const key = `${userId ?? ''}|${id}`;
  useEffect(() => {
    let current = true;
    let url: string | null = null;
    keptPhotoStore
      .get(id)
      .catch(() => undefined)
      .then((photo) => {
        if (!current) return;
        const mine = photo && photo.user_id === userId ? photo : null;
        url = mine ? URL.createObjectURL(mine.blob) : null;
        setRead({ key: `${userId ?? ''}|${id}`, url, type: mine?.blob.type ?? null });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, userId]);
  if (read?.key !== key) return { url: null, type: null, missing: false };
  return { url: read.url, type: read.type, missing: read.url === null };
}
