import { authApi } from '../../../core/contracts/auth-api.ts';
import { callEndpoint } from '../api.ts';

/** Ends this session on the server, with its own token (the session is being let go, not refreshed first). */
export async function logoutRequest(accessToken: string): Promise<void> {
  await callEndpoint(authApi.logout, { query: { scope: 'local' }, accessToken });
}
