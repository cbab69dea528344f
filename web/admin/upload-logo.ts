import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AgencyProfile } from '../../core/contracts/admin.ts';
import { ApiError, apiErrorFromBody, networkError } from '../app/api-error.ts';
import { getAccessToken } from '../auth/session.ts';
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
export async function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<AgencyProfile> {
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `${ADMIN_API}/agency/logo`);
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
      const parsed = AgencyProfile.safeParse(body);
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

export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(file, onProgress),
    onSuccess: (agency) => queryClient.setQueryData(adminKeys.agency(), agency),
  });
}
