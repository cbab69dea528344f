import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { PasswordGrantInput, Session } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { setSession } from '../lib/session/session.ts';

/** Signs in with e-mail and password (the password grant of the token endpoint). */
export function signInWithPassword(input: PasswordGrantInput): Promise<Session> {
  return callEndpoint(authApi.token, { query: { grant_type: 'password' }, body: input });
}

export function useSignInWithPassword() {
  return useMutation({
    mutationFn: signInWithPassword,
    onSuccess: (session) => setSession(session),
  });
}
