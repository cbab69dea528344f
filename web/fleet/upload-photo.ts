import { z } from 'zod';
import { ApiError, apiErrorFromBody, networkError } from '../app/api-error.ts';
import { getAccessToken } from '../auth/session.ts';

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
export async function uploadPhoto(file: Blob, onProgress: (percent: number) => void): Promise<StoredObject> {
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/storage/v1/object?purpose=fleet');
    request.setRequestHeader('content-type', file.type);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(networkError(new Error('The upload did not reach the server')));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = request.responseText;
      }
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFromBody(request.status, body, request.statusText));
        return;
      }
      const parsed = StoredObject.safeParse(body);
      if (parsed.success) {
        onProgress(100);
        resolve(parsed.data);
      } else {
        reject(new ApiError(502, { message: 'The server’s answer was not in the expected shape.', details: null, hint: null, code: 'invalid_response' }));
      }
    };
    request.send(file);
  });
}
