import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { PasswordGrantInput } from '../../core/contracts/auth.ts';
import { isApiError } from '../app/api-error.ts';
import { applyServerErrors } from '../app/form-errors.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { pathAfterSignIn } from './post-sign-in.ts';
import { useResendConfirmation } from './resend-confirmation.ts';
import { useSignInWithPassword } from './sign-in-with-password.ts';

/** /login: e-mail and password; afterwards back to the path the visitor first asked for, else home. */
export function LoginScreen() {
  usePageTitle('Sign in');
  const router = useRouter();
  const signIn = useSignInWithPassword();
  const resend = useResendConfirmation();
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
      await signIn.mutateAsync(PasswordGrantInput.parse(values));
      await router.navigate({ href: pathAfterSignIn(), replace: true });
    } catch (error) {
      const message = applyServerErrors(form, error);
      if (message) setFormError({ message, code: isApiError(error) ? error.code : null });
    }
  });

  const unconfirmed = formError?.code === 'email_not_confirmed';
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
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          <FormErrorAlert message={formError?.message ?? null} title={unconfirmed ? 'Confirm your e-mail address first' : undefined}>
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
          <Anchor component={Link} to="/forgotpassword" fz="sm">
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
