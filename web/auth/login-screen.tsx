import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconClockHour4, IconLock } from '@tabler/icons-react';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PasswordGrantInput } from '../../core/contracts/auth.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { useFactors } from './list-factors.ts';
import { mfaStep, verifiedFactors } from './mfa-step.ts';
import { pathAfterSignIn } from './post-sign-in.ts';
import { useResendConfirmation } from './resend-confirmation.ts';
import { getSignOutNotice, signOut, useAuthState } from '../lib/session/session.ts';
import { useSignInWithPassword } from './sign-in-with-password.ts';
import { useUnlockAccount } from './unlock-account.ts';

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
  if (session) return <SecondFactorStep />;
  return <PasswordStep />;
}

/** Titles for sign-in refusals that are not about a field: shown prominently above the form. */
const REFUSAL_TITLES: Record<string, string> = {
  account_locked: 'Your account is locked',
  rate_limited: 'Too many attempts',
  email_not_confirmed: 'Confirm your e-mail address first',
  user_disabled: 'Your account is disabled',
};

function PasswordStep() {
  usePageTitle('Sign in');
  const signIn = useSignInWithPassword();
  const resend = useResendConfirmation();
  const { unlock } = useSearch({ strict: false });
  const [notice] = useState(getSignOutNotice);
  const [formError, setFormError] = useState<{ message: string; code: string | null } | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(PasswordGrantInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    resend.reset();
    try {
      // On success the session is stored and this screen moves on to the second factor, if any.
      await signIn.mutateAsync(PasswordGrantInput.parse(values));
    } catch (error) {
      const message = applyServerErrors(form, error);
      if (message) setFormError({ message: isApiError(error) ? error.message : message, code: isApiError(error) ? error.code : null });
    }
  });

  const code = formError?.code ?? null;
  const unconfirmed = code === 'email_not_confirmed';
  const refusalTitle = code ? REFUSAL_TITLES[code] : undefined;
  return (
    <AuthCard
      title="Sign in to Precinct"
      description="Use the e-mail address and password of your agency account."
      footer={
        <>
          New agency?{' '}
          <Anchor component={Link} to="/signup">
            Create an agency account
          </Anchor>
        </>
      }
    >
      {notice ? (
        <Alert
          color="yellow"
          variant="light"
          title={notice.title}
          icon={<IconClockHour4 aria-hidden />}
          role="status"
          data-testid="sign-out-notice"
        >
          <Text fz="sm">{notice.message}</Text>
        </Alert>
      ) : null}
      {unlock ? <UnlockNotice token={unlock} /> : null}
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          {code === 'account_locked' ? (
            <Alert color="red" variant="filled" title={refusalTitle} icon={<IconLock aria-hidden />} role="alert">
              <Text fz="sm">{formError?.message}</Text>
            </Alert>
          ) : (
            <FormErrorAlert message={formError?.message ?? null} title={refusalTitle}>
              {unconfirmed ? (
                resend.isSuccess ? (
                  <Text fz="sm">We sent a new confirmation link. Follow it, then sign in.</Text>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    loading={resend.isPending}
                    onClick={() => {
                      const email = PasswordGrantInput.shape.email.safeParse(form.getValues().email);
                      if (email.success) resend.mutate({ type: 'signup', email: email.data });
                    }}
                  >
                    Send the confirmation link again
                  </Button>
                )
              ) : null}
            </FormErrorAlert>
          )}
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgotpassword" fz="sm" className="precinct-tap">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

const LINK_GONE_CODES = new Set(['token_expired', 'invalid_token', 'not_found']);

/** /login?unlock=<token>: spends the e-mailed unlock link once, then says what happened. */
function UnlockNotice({ token }: { token: string }) {
  const unlock = useUnlockAccount();
  const sent = useRef<string | null>(null);
  const { mutate } = unlock;
  useEffect(() => {
    // Once per token (a ref survives StrictMode's second effect run): the link is single use.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (unlock.isSuccess) {
    return (
      <Alert color="green" variant="light" title="Your account is unlocked" icon={<IconCircleCheck aria-hidden />} role="status">
        <Text fz="sm">
          Sign in with your password. If the failed sign-ins were not you, change your password afterwards and tell your agency
          administrator.
        </Text>
      </Alert>
    );
  }
  if (unlock.isError) {
    const gone = isApiError(unlock.error) && LINK_GONE_CODES.has(unlock.error.code);
    return (
      <Alert
        color="red"
        variant="light"
        title={gone ? 'This unlock link cannot be used' : 'Your account could not be unlocked'}
        role="alert"
      >
        <Text fz="sm">
          {gone
            ? 'The link has expired or was already used. If your account is still locked, signing in again sends a new link once the lock applies, or your agency administrator can unlock it.'
            : errorMessage(unlock.error)}
        </Text>
      </Alert>
    );
  }
  return <LoadingState label="Unlocking your account…" />;
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
    return (
      <AuthCard title="Sign in to Precinct">
        <LoadingState label="Signing you in…" />
      </AuthCard>
    );
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
