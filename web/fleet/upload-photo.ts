import { storageApi, type StoredFile } from '../../core/contracts/storage.ts';
import { callEndpoint } from '../lib/api.ts';
import { uploadOrKeepPhoto } from '../lib/outbox/kept-photos.ts';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with a chosen photo before it is sent, or null when it may be uploaded. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size === 0) return 'The file is empty';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be 10 MB or smaller';
  return null;
}

/**
 * Stores an image for the fleet (its bytes as the body) and answers its id. Sent with
 * XMLHttpRequest by the API client, because only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadPhoto(file: Blob, onProgress: (percent: number) => void): Promise<StoredFile> {
  return callEndpoint(storageApi.upload, { query: { purpose: 'fleet' }, body: file, onProgress });
}

/**
 * A photo for an officer's form, whose create can wait in the outbox: uploaded as uploadPhoto does, or,
 * offline or when the upload gets no answer, kept on the device (`kept`) under a local id that the
 * form holds instead; the create uploads it first (web/lib/outbox/kept-photos.ts).
 */
export function uploadFormPhoto(file: Blob, onProgress: (percent: number) => void): Promise<{ id: string; kept: boolean }> {
  return uploadOrKeepPhoto(file, 'fleet', onProgress);
}
