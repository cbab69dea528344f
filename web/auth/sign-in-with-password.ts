import { authApi } from '../../core/contracts/auth-api.ts';
import type { PasswordGrantInput, Session } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { setSession } from '../lib/session/session.ts';
import { useAction } from '../lib/use-action.ts';

/** Signs in with e-mail and password (the password grant of the token endpoint). */
export function signInWithPassword(input: PasswordGrantInput): Promise<Session> {
  return callEndpoint(authApi.token, { query: { grant_type: 'password' }, body: input });
}

/** Signs in and keeps the session: the screens move on from there. */
async function signInAndKeep(input: PasswordGrantInput): Promise<Session> {
  const session = await signInWithPassword(input);
  setSession(session);
  return session;
}

export function useSignInWithPassword() {
  return useAction(signInAndKeep);
}
