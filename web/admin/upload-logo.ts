import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyProfile } from '../../core/contracts/admin.ts';
import { uploadWithProgress } from '../lib/upload.ts';
import { ADMIN_API, adminKeys } from './admin-request.ts';

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
 * PUT /rest/v1/admin/agency/logo with the image's bytes as the body. XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<AgencyProfile> {
  return uploadWithProgress({ method: 'PUT', url: `${ADMIN_API}/agency/logo`, file, schema: AgencyProfile, onProgress });
}

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(file, onProgress),
    onSuccess: (agency) => queryClient.setQueryData(adminKeys.agency(), agency),
  });
}
