import { isApiError } from '../lib/api-error.ts';

/**
 * How a failed answer to a challenge is shown: a wrong code beside the code input (the challenge
 * can be answered again), anything else above the form; and whether the challenge is used up
 * (expired, answered, or too many wrong answers), so the next try asks for a new one.
 */
export function describeAnswerFailure(error: unknown): { fieldError: string | null; formError: string | null; challengeSpent: boolean } {
  if (isApiError(error)) {
    const field = error.fields.code ?? error.fields.credential_response;
    if (error.code === 'validation_failed' && field) return { fieldError: field, formError: null, challengeSpent: false };
    const spent = ['token_expired', 'invalid_token', 'not_found', 'rate_limited'].includes(error.code);
    return {
      fieldError: null,
      formError: error.hint && error.code !== 'insufficient_aal' ? `${error.message} (${error.hint})` : error.message,
      challengeSpent: spent,
    };
  }
  return { fieldError: null, formError: error instanceof Error ? error.message : 'Something went wrong. Try again.', challengeSpent: true };
}
