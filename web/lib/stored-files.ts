import { useQuery } from '@tanstack/react-query';
import { storageApi, UPLOAD_MAX_BYTES } from '../../core/contracts/storage.ts';
import { callEndpoint, queryKey } from './api.ts';

/**
 * Files kept through storage/v1 (photos, signatures, attachments, reference documents): read with the
 * user's token (an <img> or a link cannot send it, so the API client fetches the bytes), named as a
 * person says them, and checked before they are sent.
 */

/**
 * A blob URL for a stored photo. The URL is made once per photo and kept with the query for the life of
 * the page: a handful of photos per screen, and revoking it while a remounted image still shows it would
 * blank the image.
 */
export function useStoredPhotoUrl(id: string): { url: string | null; failed: boolean } {
  const photo = useQuery({
    queryKey: queryKey(storageApi.read, id),
    queryFn: async ({ signal }) => URL.createObjectURL(await callEndpoint(storageApi.read, { params: { id }, signal })),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { url: photo.data ?? null, failed: photo.isError };
}

/**
 * Fetches a stored file with the user's token and hands it over as a download named `fileName` (a PDF
 * is never opened in the app's origin: its viewer and its own actions stay outside, as the server's
 * headers say).
 */
export async function downloadStoredFile(id: string, fileName: string): Promise<void> {
  const blob = await callEndpoint(storageApi.read, { params: { id } });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
};

/** What kind of file it is, as a person says it. */
export function fileKind(contentType: string): string {
  return KINDS[contentType] ?? 'File';
}

/** The extension a download of this type gets. */
export function fileExtension(contentType: string): string {
  return contentType === 'application/pdf' ? 'pdf' : contentType === 'image/jpeg' ? 'jpg' : (contentType.split('/')[1] ?? 'bin');
}

/** A file's size in B, kB or MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The photos and documents storage/v1 keeps (server/platform/storage.ts FILE_TYPES). */
export const DOCUMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/** What is wrong with a chosen photo or PDF before it is sent, or null when it may be uploaded (the server checks again). */
export function documentFileProblem(file: { type: string; size: number }): string | null {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'Choose a photo (PNG, JPEG or WebP) or a PDF';
  if (file.size === 0) return 'The file is empty';
  if (file.size > UPLOAD_MAX_BYTES) return `Files must be 10 MB or smaller; this one is ${fileSize(file.size)}`;
  return null;
}
