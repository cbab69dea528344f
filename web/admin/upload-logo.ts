import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type AgencyProfile } from '../../core/contracts/admin.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** What is wrong with a chosen logo file before it is sent, or null when it may be uploaded. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size === 0) return 'The file is empty';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be 2 MB or smaller';
  return null;
}

/**
 * Sends the image's bytes as the agency's logo. The API client sends uploads with XMLHttpRequest,
 * because only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<AgencyProfile> {
  return callEndpoint(adminApi.uploadLogo, { body: file, onProgress });
}

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(file, onProgress),
    onSuccess: (agency) => queryClient.setQueryData(queryKey(adminApi.getAgency), agency),
  });
}
