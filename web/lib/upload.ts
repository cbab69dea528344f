import * as z from 'zod/mini';
import { ApiError, apiErrorFromBody, networkError } from './api-error.ts';
import { BACKGROUND_HEADER, currentAccessToken } from './api-client.ts';

/**
 * Sends a file's bytes as a request body with the user's token, reporting progress (0–100) as it
 * goes, and parses the answer with `schema`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Errors are the API client's: the server's body, or a network failure.
 * `accessToken`: this token instead of the signed-in user's (the outbox sends with its item's
 * author's); `background`: the app sends it on its own, not the user (api-client.ts).
 */
export async function uploadWithProgress<T>(options: {
  method: 'POST' | 'PUT';
  url: string;
  file: Blob;
  schema: z.core.$ZodType<T>;
  onProgress: (percent: number) => void;
  accessToken?: string;
  background?: boolean;
}): Promise<T> {
  const token = options.accessToken ?? (await currentAccessToken());
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, options.url);
    request.setRequestHeader('content-type', options.file.type);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    if (options.background) request.setRequestHeader(BACKGROUND_HEADER, '1');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.round((event.loaded / event.total) * 100));
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
      const parsed = z.safeParse(options.schema, body);
      if (parsed.success) {
        options.onProgress(100);
        resolve(parsed.data);
      } else {
        reject(
          new ApiError(502, {
            message: 'The server’s answer was not in the expected shape.',
            details: null,
            hint: null,
            code: 'invalid_response',
          }),
        );
      }
    };
    request.send(options.file);
  });
}
