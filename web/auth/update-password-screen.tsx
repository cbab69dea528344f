import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import * as z from 'zod/mini';
import { Password, type Session } from '../../core/contracts/auth.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { setSession } from '../lib/session/session.ts';
import { updateUser } from './update-user.ts';
import { verifyTokenQueryOptions } from './verify-token.ts';

const NewPassword = z
  .object({ password: Password, confirm: z.string() })
  .check(z.refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The two passwords are not the same' }));

const newLinkFooter = (
  <Anchor component={Link} to="/forgotpassword">
    Send me a new link
  </Anchor>
);

/**
 * /forgotpassword/update?token=…: the link of the recovery e-mail. Verifies the token (type recovery)
 * to get a session, then sets the new password with it (PUT /auth/v1/user) and signs in.
 */
export function UpdatePasswordScreen() {
  usePageTitle('Choose a new password');
  const { token } = useSearch({ strict: false });
  if (!token) {
    return (
      <AuthCard title="This link is incomplete" footer={newLinkFooter}>
        <Text>The link is missing its code. Copy the whole link from the e-mail, or ask for a new one.</Text>
      </AuthCard>
    );
  }
  return <VerifyRecovery token={token} />;
}

function VerifyRecovery({ token }: { token: string }) {
  const verification = useQuery(verifyTokenQueryOptions({ type: 'recovery', token }));
  if (verification.isPending) {
    return (
      <AuthCard title="Choose a new password">
        <LoadingState label="Checking your link…" />
      </AuthCard>
    );
  }
  if (verification.isError) {
    const apiError = isApiError(verification.error) ? verification.error : null;
    const gone = apiError !== null && apiError.status < 500 && apiError.status !== 0;
    return (
      <AuthCard title={gone ? 'This link has expired or was already used' : 'The link could not be checked'} footer={newLinkFooter}>
        {gone ? (
          <Text>Password links work once and for 15 minutes. Ask for a new one and use it straight away.</Text>
        ) : (
          <ErrorState message={errorMessage(verification.error)} onRetry={() => void verification.refetch()} />
        )}
      </AuthCard>
    );
  }
  return <NewPasswordForm session={verification.data} />;
}

function NewPasswordForm({ session }: { session: Session }) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: zod4Resolver(NewPassword),
    validateInputOnBlur: ['confirm'],
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setSaving(true);
    try {
      const user = await updateUser({ password: NewPassword.parse(values).password }, session.access_token);
      setSession({ ...session, user });
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'Your new password is in use. Other sessions were signed out.',
      });
      await router.navigate({ to: '/', replace: true });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <AuthCard title="Choose a new password" description={`For ${session.user.email}. Use at least 8 characters.`}>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            required
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={saving} fullWidth>
            Save the new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
