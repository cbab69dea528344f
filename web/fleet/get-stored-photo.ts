import { useQuery } from '@tanstack/react-query';
import { apiErrorFromBody } from '../lib/api-error.ts';
import { fetchWithRetry } from '../lib/api-client.ts';
import { getAccessToken } from '../auth/session.ts';

/** GET /storage/v1/object/:id with the bearer token: a private photo's bytes. */
export async function getStoredPhoto(id: string, signal?: AbortSignal): Promise<Blob> {
  const token = await getAccessToken();
  const response = await fetchWithRetry(`/storage/v1/object/${encodeURIComponent(id)}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal, credentials: 'same-origin' });
  if (!response.ok) throw apiErrorFromBody(response.status, await response.json().catch(() => null), response.statusText);
  return response.blob();
}

/**
 * A blob URL for a stored photo (an <img> cannot send the bearer token). The URL is made once per
 * photo and kept with the query for the life of the page: a handful of photos per screen, and
 * revoking it while a remounted image still shows it would blank the image.
 */
export function useStoredPhotoUrl(id: string): { url: string | null; failed: boolean } {
  const photo = useQuery({ queryKey: ['fleet', 'photo', id], queryFn: async ({ signal }) => URL.createObjectURL(await getStoredPhoto(id, signal)), staleTime: Infinity, gcTime: Infinity });
  return { url: photo.data ?? null, failed: photo.isError };
}
