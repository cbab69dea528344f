import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { RecoverInput } from '../../core/contracts/auth.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { useRecoverPassword } from './recover-password.ts';

const backToSignIn = (
  <Anchor component={Link} to="/login">
    Back to sign in
  </Anchor>
);

/** /forgotpassword: e-mails a link to choose a new password. */
export function ForgotPasswordScreen() {
  usePageTitle('Forgot your password');
  const recover = useRecoverPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(RecoverInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const input = RecoverInput.parse(values);
      await recover.mutateAsync(input);
      setSentTo(input.email);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail" footer={backToSignIn}>
        <Alert color="blue" variant="light" icon={<IconMail aria-hidden />} role="status">
          <Text fz="sm">
            If an account uses <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works once and for 15
            minutes.
          </Text>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your e-mail address and we will send you a link to choose a new one."
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate aria-label="Send a password reset link">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <TextInput
            label="E-mail address"
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={recover.isPending} fullWidth>
            Send the link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
