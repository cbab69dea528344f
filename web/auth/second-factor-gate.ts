import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authApi } from '../../core/contracts/auth-api.ts';
import { factorsQueryOptions } from './list-factors.ts';
import { accessTokenLevel, mfaStep } from './mfa-step.ts';
import { subscribeAuth, subscribeSecondFactorNeeded, useAuthState } from '../lib/session/session.ts';

/**
 * Keeps a signed-in screen honest about the session (used by the app frame's user menu):
 *  - a password-only (aal1) session of a user who has a verified factor, or whose agency requires
 *    one, goes to /login, where the second factor is asked for (or added);
 *  - an API answer of 403 insufficient_aal reads the factors again, with the same outcome;
 *  - a session the server ended (inactivity, revocation) goes to /login, which says why.
 */
export function useSecondFactorGate(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  const aal1 = session !== null && accessTokenLevel(session.access_token) !== 'aal2';
  const factors = useQuery({ ...factorsQueryOptions(session?.user.id ?? '', session?.access_token ?? ''), enabled: aal1 });
  const pending = aal1 && factors.data !== undefined && mfaStep(factors.data) !== 'done';

  useEffect(() => {
    if (pending) void router.navigate({ to: '/login', replace: true, ignoreBlocker: true });
  }, [pending, router]);

  useEffect(
    () => subscribeSecondFactorNeeded(() => void queryClient.invalidateQueries({ queryKey: authApi.listFactors.key })),
    [queryClient],
  );

  useEffect(
    () =>
      subscribeAuth((_state, event, detail) => {
        if (event === 'SIGNED_OUT' && detail.reason === 'session_ended')
          void router.navigate({ to: '/login', replace: true, ignoreBlocker: true });
      }),
    [router],
  );
}
