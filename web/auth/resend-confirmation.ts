import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResendInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/resend: sends the sign-up confirmation e-mail again. */
export function resendConfirmation(input: ResendInput): Promise<unknown> {
  return apiRequest('/auth/v1/resend', { method: 'POST', body: input, auth: false, schema: z.unknown() });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
