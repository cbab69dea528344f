import { useMutation } from '@tanstack/react-query';
import { Challenge } from '../../core/contracts/mfa.ts';
import { apiRequest } from '../lib/api-client.ts';

/**
 * POST /auth/v1/factors/{factorId}/challenge: a challenge to answer within 5 minutes (a phone code:
 * 10), once. A phone factor is sent its code by text message; a WebAuthn factor gets the options for
 * the browser (creation options while enrolling, request options when signing in).
 */
export function challengeFactor(factorId: string): Promise<Challenge> {
  return apiRequest(`/auth/v1/factors/${encodeURIComponent(factorId)}/challenge`, { method: 'POST', body: { factorId }, schema: Challenge });
}

export function useChallengeFactor() {
  return useMutation({ mutationFn: challengeFactor });
}
