import { z } from 'zod';
import { uploadWithProgress } from '../lib/upload.ts';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const StoredObject = z.object({ id: z.string(), url: z.string() });
export type StoredObject = z.infer<typeof StoredObject>;

/** What is wrong with a chosen photo before it is sent, or null when it may be uploaded. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size === 0) return 'The file is empty';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be 10 MB or smaller';
  return null;
}

/**
 * POST /storage/v1/object?purpose=fleet with the image's bytes as the body. XMLHttpRequest rather
 * than fetch, because only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadPhoto(file: Blob, onProgress: (percent: number) => void): Promise<StoredObject> {
  return uploadWithProgress({ method: 'POST', url: '/storage/v1/object?purpose=fleet', file, schema: StoredObject, onProgress });
}
