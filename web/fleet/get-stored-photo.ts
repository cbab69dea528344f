import { useQuery } from '@tanstack/react-query';
import { storageApi } from '../../core/contracts/storage.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

/**
 * A blob URL for a stored photo (an <img> cannot send the bearer token, so the API client fetches
 * the bytes with it). The URL is made once per photo and kept with the query for the life of the
 * page: a handful of photos per screen, and revoking it while a remounted image still shows it would
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
