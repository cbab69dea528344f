import { useMutation } from '@tanstack/react-query';
import { Session, type PasswordGrantInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { setSession } from './session.ts';

/** POST /auth/v1/token?grant_type=password: signs in with e-mail and password. */
export function signInWithPassword(input: PasswordGrantInput): Promise<Session> {
  return apiRequest('/auth/v1/token', {
    method: 'POST',
    query: { grant_type: 'password' },
    body: input,
    auth: false,
    schema: Session,
  });
}

export function useSignInWithPassword() {
  return useMutation({
    mutationFn: signInWithPassword,
    onSuccess: (session) => setSession(session),
  });
}
