import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconClockHour4, IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { PasswordGrantInput } from '../../core/contracts/auth.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { getSignOutNotice } from '../lib/session/session.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { AuthLink } from '../ui/auth-link.tsx';
import { FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { useResendConfirmation } from './resend-confirmation.ts';
import { useSignInWithPassword } from './sign-in-with-password.ts';
import { useUnlockAccount } from './unlock-account.ts';

/** Titles for sign-in refusals that are not about a field: shown prominently above the form. */
const REFUSAL_TITLES: Record<string, string> = {
  account_locked: 'Your account is locked',
  rate_limited: 'Too many attempts',
  email_not_confirmed: 'Confirm your e-mail address first',
  user_disabled: 'Your account is disabled',
};

/**
 * The e-mail and password form of /login, with what the server says about a refusal and the unlock
 * link's outcome. It draws without the router or the query client, so the sign-in page that loads
 * before them (web/sign-in.tsx) is the same screen as the app's.
 */
export function PasswordStep({ unlock }: { unlock?: string | undefined }) {
  usePageTitle('Sign in');
  const signIn = useSignInWithPassword();
  const resend = useResendConfirmation();
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
          <Anchor component={AuthLink} to="/signup">
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
          <Anchor component={AuthLink} to="/forgotpassword" fz="sm" className="precinct-tap">
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

/** What /login shows once the password was right, while the second factor is looked up. */
export function SigningInCard() {
  return (
    <AuthCard title="Sign in to Precinct">
      <LoadingState label="Signing you in…" />
    </AuthCard>
  );
}
