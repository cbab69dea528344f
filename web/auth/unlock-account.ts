import { authApi } from '../../core/contracts/auth-api.ts';
import { callEndpoint } from '../lib/api.ts';
import { useAction } from '../lib/use-action.ts';

/** The e-mailed link (/login?unlock=<token>) lifts a lock after 5 failed sign-ins. */
export function unlockAccount(token: string) {
  return callEndpoint(authApi.unlock, { body: { token } });
}

export function useUnlockAccount() {
  return useAction(unlockAccount);
}
