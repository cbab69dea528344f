import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { EnrollFactorInput } from '../../core/contracts/mfa.ts';
import { callEndpoint } from '../lib/api.ts';

/**
 * Starts adding a factor (status unverified). For TOTP the answer carries the secret and its
 * otpauth:// URI, shown once; answering a challenge of the new factor completes it.
 */
export function enrolFactor(input: EnrollFactorInput) {
  return callEndpoint(authApi.enrollFactor, { body: input });
}

export function useEnrolFactor() {
  return useMutation({ mutationFn: enrolFactor });
}
