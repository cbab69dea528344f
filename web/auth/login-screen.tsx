import { Anchor } from '@mantine/core';
import { useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { signOut, useAuthState } from '../lib/session/session.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { useFactors } from './list-factors.ts';
import { mfaStep, verifiedFactors } from './mfa-step.ts';
import { PasswordStep, SigningInCard } from './password-step.tsx';
import { pathAfterSignIn } from './post-sign-in.ts';

// The second-factor step (QR codes, WebAuthn) is loaded only when a signed-in user still needs it, so
// the sign-in page itself stays small (bench:web measures it).
const loadSecondFactorEnrol = importWithReload(() => import('./second-factor-enrol.tsx'));
const loadSecondFactorVerify = importWithReload(() => import('./second-factor-verify.tsx'));
const SecondFactorEnrol = lazy(() => loadSecondFactorEnrol().then((m) => ({ default: m.SecondFactorEnrol })));
const SecondFactorVerify = lazy(() => loadSecondFactorVerify().then((m) => ({ default: m.SecondFactorVerify })));

/**
 * /login: e-mail and password; then, when the user has a verified factor, that factor; when their
 * agency requires a second factor and they have none, adding one. Afterwards back to the path the
 * visitor first asked for, else home. Also lands the e-mailed unlock link (/login?unlock=<token>)
 * and explains a session the server ended (inactivity).
 */
export function LoginScreen() {
  const { session } = useAuthState();
  const { unlock } = useSearch({ strict: false });
  if (session) return <SecondFactorStep />;
  return <PasswordStep unlock={unlock} />;
}

/** Signed in with a password: answer a factor, or add one where the agency requires it, then go on. */
function SecondFactorStep() {
  const router = useRouter();
  const factors = useFactors();
  const step = factors.data ? mfaStep(factors.data) : null;
  usePageTitle(step === 'enrol' ? 'Add a second factor' : 'Verify it is you');
  const leaving = useRef(false);

  // Fetch the step's code while the factors load, rather than after.
  useEffect(() => {
    void loadSecondFactorVerify().catch(() => undefined);
    void loadSecondFactorEnrol().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (step !== 'done' || leaving.current) return;
    leaving.current = true;
    void router.navigate({ href: pathAfterSignIn(), replace: true });
  }, [step, router]);

  const signOutLink = (
    <>
      Not you, or cannot do this now?{' '}
      <Anchor component="button" type="button" fz="sm" onClick={() => void signOut()}>
        Sign out
      </Anchor>
    </>
  );

  if (factors.isError) {
    return (
      <AuthCard title="Sign in to Precinct" footer={signOutLink}>
        <ErrorState message={errorMessage(factors.error)} onRetry={() => void factors.refetch()} />
      </AuthCard>
    );
  }
  if (!factors.data || step === 'done') {
    return <SigningInCard />;
  }
  if (step === 'enrol') {
    return (
      <AuthCard
        title="Add a second sign-in factor"
        description="Your agency requires a second factor in addition to your password. Add one now; you will use it each time you sign in."
        footer={signOutLink}
      >
        <Suspense fallback={<LoadingState />}>
          <SecondFactorEnrol onEnrolled={() => undefined} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Verify it is you"
      description="Your password was right. Now use your second factor to finish signing in."
      footer={signOutLink}
    >
      <Suspense fallback={<LoadingState />}>
        <SecondFactorVerify factors={verifiedFactors(factors.data.factors)} onVerified={() => undefined} autoFocus />
      </Suspense>
    </AuthCard>
  );
}
