import { authApi } from '../../core/contracts/auth-api.ts';
import type { ResendInput } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { useAction } from '../lib/use-action.ts';

/** Sends the sign-up confirmation e-mail again. */
export function resendConfirmation(input: ResendInput) {
  return callEndpoint(authApi.resend, { body: input });
}

export function useResendConfirmation() {
  return useAction(resendConfirmation);
}
