import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { pathAfterSignIn } from './post-sign-in.ts';
import { ResendConfirmationForm } from './resend-form.tsx';
import { setSession } from '../lib/session/session.ts';
import { verifyTokenQueryOptions } from './verify-token.ts';

const LINK_GONE_CODES = new Set(['token_expired', 'invalid_token', 'not_found']);

/**
 * /confirm?token=…: the link of the sign-up e-mail. Verifies the token, which signs the user in, then
 * goes on; an expired or used link is explained, with a way to get a new one.
 */
export function ConfirmScreen() {
  usePageTitle('Confirm your e-mail address');
  const { token } = useSearch({ strict: false });
  if (!token) {
    return (
      <AuthCard
        title="This link is incomplete"
        description="The confirmation link is missing its code. Copy the whole link from the e-mail, or have a new one sent."
      >
        <ResendConfirmationForm />
      </AuthCard>
    );
  }
  return <VerifySignup token={token} />;
}

function VerifySignup({ token }: { token: string }) {
  const router = useRouter();
  const verification = useQuery(verifyTokenQueryOptions({ type: 'signup', token }));
  const session = verification.data;

  useEffect(() => {
    if (!session) return;
    setSession(session);
    void router.navigate({ href: pathAfterSignIn(), replace: true });
  }, [session, router]);

  if (verification.isPending) {
    return (
      <AuthCard title="Confirming your e-mail address">
        <LoadingState label="Checking your link…" />
      </AuthCard>
    );
  }
  if (verification.isError) {
    const gone = isApiError(verification.error) && LINK_GONE_CODES.has(verification.error.code);
    return (
      <AuthCard
        title={gone ? 'This link has expired or was already used' : 'Your address could not be confirmed'}
        footer={
          <>
            Already confirmed?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </>
        }
      >
        <Stack gap="md">
          {gone ? (
            <Text>Confirmation links work once and for a limited time. Enter your address and we will send a new one.</Text>
          ) : (
            <ErrorState message={errorMessage(verification.error)} onRetry={() => void verification.refetch()} />
          )}
          <ResendConfirmationForm />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Your address is confirmed">
      <LoadingState label="Signing you in…" />
    </AuthCard>
  );
}
