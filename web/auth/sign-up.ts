import { useMutation } from '@tanstack/react-query';
import { SignUpResult, type SignUpInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { setSession } from './session.ts';

/** POST /auth/v1/signup: founds a new agency, or joins one by invitation. */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return apiRequest('/auth/v1/signup', { method: 'POST', body: input, auth: false, schema: SignUpResult });
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (result) => {
      if (result.session) setSession(result.session);
    },
  });
}
