import { PasswordStep } from '../auth/password-step.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { LoadingState } from '../ui/states.tsx';
import { AuthFrame } from './layouts/auth-frame.tsx';

/**
 * What the sign-in page draws (start-sign-in-page.tsx): the app's /login in its frame. Once signed
 * in, what the app's screen says while it looks up the second factor, until the app takes over.
 */
export function SignInScreen() {
  const { session } = useAuthState();
  return (
    <AuthFrame>
      {session ? (
        <AuthCard title="Sign in to Precinct">
          <LoadingState label="Signing you in…" />
        </AuthCard>
      ) : (
        <PasswordStep unlock={new URLSearchParams(window.location.search).get('unlock') || undefined} />
      )}
    </AuthFrame>
  );
}
