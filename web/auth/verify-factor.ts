import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Session } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { FACTORS_QUERY_KEY } from './list-factors.ts';
import { setSession } from './session.ts';

export type VerifyFactorRequest = {
  factorId: string;
  challengeId: string;
  /** A 6-digit code (TOTP, phone) or the authenticator's answer (WebAuthn). */
  answer: { code: string } | { credential_response: Record<string, unknown> };
};

/**
 * POST /auth/v1/factors/{factorId}/verify: answers a challenge. The answer is a new session at aal2
 * (and, for a factor being added, completes its enrolment); it is stored like a sign-in.
 */
export function verifyFactor({ factorId, challengeId, answer }: VerifyFactorRequest): Promise<Session> {
  return apiRequest(`/auth/v1/factors/${encodeURIComponent(factorId)}/verify`, {
    method: 'POST',
    body: { challenge_id: challengeId, ...answer },
    schema: Session,
  });
}

export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFactor,
    onSuccess: async (session) => {
      setSession(session, 'TOKEN_REFRESHED');
      await queryClient.invalidateQueries({ queryKey: FACTORS_QUERY_KEY });
    },
  });
}
