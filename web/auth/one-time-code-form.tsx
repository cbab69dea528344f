import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import * as z from 'zod/mini';

const CodeForm = z.object({
  code: z.pipe(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((value) => value.replace(/\s+/g, '')),
    ),
    z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
  ),
});

/**
 * A 6-digit code (authenticator app or text message), with its error beside the input. `submit`
 * rejects with the message for the field, or resolves when the code was accepted.
 */
export function OneTimeCodeForm(props: {
  label: string;
  description?: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  secondary?: ReactNode;
  /** The form's accessible name. */
  name: string;
  /** Focus the input on appearing (a step the user just moved to). */
  autoFocus?: boolean;
}) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: zod4Resolver(CodeForm) });
  const submit = form.onSubmit((values) => props.onSubmit(CodeForm.parse(values).code));
  const fieldError = form.errors.code ?? props.error ?? undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={props.name}>
      <Stack gap="sm">
        <TextInput
          label={props.label}
          description={props.description}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          data-autofocus
          autoFocus={props.autoFocus}
          key={form.key('code')}
          {...form.getInputProps('code')}
          error={fieldError}
        />
        <Group gap="sm">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          {props.secondary}
        </Group>
      </Stack>
    </form>
  );
}
