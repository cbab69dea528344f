import { useMutation } from '@tanstack/react-query';
import { AuthUser, type UpdateUserInput } from '../../core/contracts/auth.ts';
import { apiRequest } from '../lib/api-client.ts';
import { updateSessionUser } from './session.ts';

/** PUT /auth/v1/user: changes the signed-in user's password, name, phone or preferences. */
export function updateUser(input: UpdateUserInput, accessToken?: string): Promise<AuthUser> {
  return apiRequest('/auth/v1/user', {
    method: 'PUT',
    body: input,
    schema: AuthUser,
    ...(accessToken ? { auth: false, headers: { authorization: `Bearer ${accessToken}` } } : {}),
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(input),
    onSuccess: (user) => updateSessionUser(user),
  });
}
