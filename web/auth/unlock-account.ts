import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/unlock: the e-mailed link (/login?unlock=<token>) lifts a lock after 5 failed sign-ins. */
export function unlockAccount(token: string): Promise<unknown> {
  return apiRequest('/auth/v1/unlock', { method: 'POST', body: { token }, auth: false, schema: z.object({}) });
}

export function useUnlockAccount() {
  return useMutation({ mutationFn: unlockAccount });
}
