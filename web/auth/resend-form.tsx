import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import * as z from 'zod/mini';
import { ResendInput } from '../../core/contracts/auth.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useResendConfirmation } from './resend-confirmation.ts';

const ResendForm = z.pick(ResendInput, { email: true });

/** Asks for the address and sends the sign-up confirmation link again. */
export function ResendConfirmationForm() {
  const resend = useResendConfirmation();
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: zod4Resolver(ResendForm) });
  if (resend.isSuccess) {
    return <Text role="status">If that address has an account waiting for confirmation, a new link is on its way. It works once.</Text>;
  }
  return (
    <form
      noValidate
      aria-label="Send the confirmation link again"
      onSubmit={form.onSubmit((values) => resend.mutate({ type: 'signup', email: ResendForm.parse(values).email }))}
    >
      <Stack gap="sm">
        <TextInput
          label="E-mail address"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {resend.isError ? (
          <Text c="red" fz="sm" role="alert">
            {errorMessage(resend.error)}
          </Text>
        ) : null}
        <Button type="submit" variant="default" loading={resend.isPending}>
          Send a new confirmation link
        </Button>
      </Stack>
    </form>
  );
}
