import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { RecoverInput } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';

/** E-mails a password reset link (the answer never says whether the address exists). */
export function recoverPassword(input: RecoverInput) {
  return callEndpoint(authApi.recover, { body: input });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
