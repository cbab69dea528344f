import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-error.ts';
import { useResendConfirmation } from './resend-confirmation.ts';

/** After sign-up: where the confirmation link went, and a way to have it sent again. */
export function CheckYourMail({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconMail aria-hidden />} title="Check your e-mail" role="status">
        <Text fz="sm">
          We sent a confirmation link to <strong>{email}</strong>. Follow it to confirm your address; it signs you in.
        </Text>
      </Alert>
      {resend.isSuccess ? (
        <Text fz="sm" role="status">
          A new link is on its way.
        </Text>
      ) : (
        <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate({ type: 'signup', email })}>
          Send the link again
        </Button>
      )}
      {resend.isError ? (
        <Text c="red" fz="sm" role="alert">
          {errorMessage(resend.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
