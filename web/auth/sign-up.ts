import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { SignUpInput } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { setSession } from '../lib/session/session.ts';

/** Founds a new agency, or joins one by invitation. */
export function signUp(input: SignUpInput) {
  return callEndpoint(authApi.signUp, { body: input });
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (result) => {
      if (result.session) setSession(result.session);
    },
  });
}
