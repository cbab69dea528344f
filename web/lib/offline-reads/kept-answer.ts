import { isApiError, NETWORK_ERROR_CODE } from '../api-error.ts';

/**
 * Whether a read failed only because the server could not be reached while an earlier answer is still
 * at hand (kept on the device, or read before): a phone in a garage often says it is online when no
 * request gets through. The screen then shows that answer with `KeptAnswerNotice`, not the error.
 */
export function showsKeptAnswer(query: { isError: boolean; error: unknown; data: unknown }): boolean {
  return query.isError && query.data !== undefined && isApiError(query.error) && query.error.code === NETWORK_ERROR_CODE;
}
