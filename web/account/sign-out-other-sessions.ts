import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

/** POST /auth/v1/logout?scope=others: ends every other session of the user; this one stays. */
export function signOutOtherSessions(): Promise<unknown> {
  return apiRequest('/auth/v1/logout', { method: 'POST', query: { scope: 'others' }, schema: z.unknown() });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions });
}
