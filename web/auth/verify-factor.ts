import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { Session } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { setSession } from '../lib/session/session.ts';

export type VerifyFactorRequest = {
  factorId: string;
  challengeId: string;
  /** A 6-digit code (TOTP, phone) or the authenticator's answer (WebAuthn). */
  answer: { code: string } | { credential_response: Record<string, unknown> };
};

/**
 * Answers a challenge. The answer is a new session at aal2 (and, for a factor being added, completes
 * its enrolment); it is stored like a sign-in.
 */
export function verifyFactor({ factorId, challengeId, answer }: VerifyFactorRequest): Promise<Session> {
  return callEndpoint(authApi.verifyFactor, { params: { factorId }, body: { challenge_id: challengeId, ...answer } });
}

export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFactor,
    onSuccess: async (session) => {
      setSession(session, 'TOKEN_REFRESHED');
      await queryClient.invalidateQueries({ queryKey: authApi.listFactors.key });
    },
  });
}
