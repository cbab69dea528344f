import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint } from '../lib/api.ts';

/** Ends every other session of the user; this one stays. */
export async function signOutOtherSessions(): Promise<void> {
  await callEndpoint(authApi.logout, { query: { scope: 'others' } });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions });
}
