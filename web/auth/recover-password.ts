import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { RecoverInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/recover: e-mails a password reset link (the answer never says whether the address exists). */
export function recoverPassword(input: RecoverInput): Promise<unknown> {
  return apiRequest('/auth/v1/recover', { method: 'POST', body: input, auth: false, schema: z.unknown() });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
