import { PasswordStep, SigningInCard } from '../auth/password-step.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { AuthFrame } from './layouts/auth-frame.tsx';

/**
 * What the sign-in page draws (start-sign-in-page.tsx): the app's /login in its frame. Once signed
 * in, what the app's screen says while it looks up the second factor, until the app takes over.
 */
export function SignInScreen() {
  const { session } = useAuthState();
  return (
    <AuthFrame>
      {session ? <SigningInCard /> : <PasswordStep unlock={new URLSearchParams(window.location.search).get('unlock') || undefined} />}
    </AuthFrame>
  );
}
