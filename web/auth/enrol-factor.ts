import { useMutation } from '@tanstack/react-query';
import { EnrolledFactor, type EnrollFactorInput } from '../../core/contracts/mfa.ts';
import { apiRequest } from '../lib/api-client.ts';

/**
 * POST /auth/v1/factors: starts adding a factor (status unverified). For TOTP the answer carries the
 * secret and its otpauth:// URI, shown once; answering a challenge of the new factor completes it.
 */
export function enrolFactor(input: EnrollFactorInput): Promise<EnrolledFactor> {
  return apiRequest('/auth/v1/factors', { method: 'POST', body: input, schema: EnrolledFactor });
}

export function useEnrolFactor() {
  return useMutation({ mutationFn: enrolFactor });
}
