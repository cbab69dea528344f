import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../core/contracts/auth-api.ts';
import type { AuthUser, UpdateUserInput } from '../../core/contracts/auth.ts';
import { callEndpoint } from '../lib/api.ts';
import { updateSessionUser } from '../lib/session/session.ts';

/**
 * Changes the signed-in user's password, name, phone or preferences; with `accessToken`, those of
 * the session it belongs to (a recovery session not stored as the signed-in one).
 */
export function updateUser(input: UpdateUserInput, accessToken?: string): Promise<AuthUser> {
  return callEndpoint(authApi.updateUser, { body: input, ...(accessToken ? { accessToken } : {}) });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(input),
    onSuccess: (user) => updateSessionUser(user),
  });
}
