import { Anchor, Button, Fieldset, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { Password, PersonName, SignUpInput, type InvitationPreview } from '../../core/contracts/auth.ts';
import { formatDateTime, listTimeZones, runtimeTimeZone } from '../../core/dates.ts';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { CheckYourMail } from './check-your-mail.tsx';
import { invitationQueryOptions } from './get-invitation.ts';
import { useSignUp } from './sign-up.ts';

const signInLink = (
  <>
    Already have an account?{' '}
    <Anchor component={Link} to="/login">
      Sign in
    </Anchor>
  </>
);

/** /signup: found a new agency, or, with ?invitation=token, join the agency that invited you. */
export function SignupScreen() {
  const { invitation } = useSearch({ strict: false });
  return invitation ? <JoinByInvitation token={invitation} /> : <NewAgencySignup />;
}

function NewAgencySignup() {
  usePageTitle('Create an agency account');
  const signUp = useSignUp();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const timeZones = useMemo(() => listTimeZones(), []);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      name: '',
      email: '',
      password: '',
      agency: { name: '', ori: '', timezone: timeZones.includes(runtimeTimeZone()) ? runtimeTimeZone() : 'America/Chicago' },
    },
    validate: zod4Resolver(SignUpInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const input = SignUpInput.parse(values);
      const result = await signUp.mutateAsync(input);
      if (result.session) await router.navigate({ to: '/', replace: true });
      else setSentTo(input.email);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Confirm your e-mail address" footer={signInLink}>
        <CheckYourMail email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an agency account"
      description="Set up Precinct for your agency. You become its first administrator and can invite your people afterwards."
      footer={signInLink}
    >
      <form onSubmit={submit} noValidate aria-label="Create an agency account">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Fieldset legend="You" variant="unstyled">
            <Stack gap="sm">
              <TextInput label="Your name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
              <TextInput
                label="E-mail address"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                description="At least 8 characters. A short sentence is easy to remember and hard to guess."
                autoComplete="new-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend="Your agency" variant="unstyled">
            <Stack gap="sm">
              <TextInput
                label="Agency name"
                autoComplete="organization"
                required
                key={form.key('agency.name')}
                {...form.getInputProps('agency.name')}
              />
              <TextInput
                label="ORI (optional)"
                description="The 9-character Originating Agency Identifier, for example IL0160000."
                autoCapitalize="characters"
                maxLength={9}
                key={form.key('agency.ori')}
                {...form.getInputProps('agency.ori')}
              />
              <Select
                label="Timezone"
                description="Dates and times in Precinct are shown in this zone."
                data={timeZones}
                searchable
                required
                allowDeselect={false}
                nothingFoundMessage="No timezone matches"
                limit={50}
                key={form.key('agency.timezone')}
                {...form.getInputProps('agency.timezone')}
              />
            </Stack>
          </Fieldset>
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Create the agency account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

const JoinFormValues = z.object({ name: PersonName, password: Password });

function JoinByInvitation({ token }: { token: string }) {
  usePageTitle('Join your agency');
  const invitation = useQuery(invitationQueryOptions(token));
  if (invitation.isPending) {
    return (
      <AuthCard title="Join your agency" footer={signInLink}>
        <LoadingState label="Reading your invitation…" />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title="This invitation cannot be used" footer={signInLink}>
        <ErrorState
          title="The invitation was not found"
          message={`${errorMessage(invitation.error)} Invitations expire and work once; ask your agency’s administrator for a new one.`}
          onRetry={() => void invitation.refetch()}
        />
      </AuthCard>
    );
  }
  return <JoinByInvitationForm invitation={invitation.data} token={token} />;
}

function JoinByInvitationForm({ invitation, token }: { invitation: InvitationPreview; token: string }) {
  const signUp = useSignUp();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', password: '' },
    validate: zod4Resolver(JoinFormValues),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const input = SignUpInput.parse({ ...JoinFormValues.parse(values), email: invitation.email, invitation_token: token });
      const result = await signUp.mutateAsync(input);
      if (result.session) await router.navigate({ to: '/', replace: true });
      else setSentTo(input.email);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Confirm your e-mail address" footer={signInLink}>
        <CheckYourMail email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={`Join ${invitation.agency_name}`}
      description={
        <>
          You were invited to {invitation.agency_name} on Precinct. The invitation is valid until {formatDateTime(invitation.expires_at)}.
        </>
      }
      footer={signInLink}
    >
      <form onSubmit={submit} noValidate aria-label={`Join ${invitation.agency_name}`}>
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <TextInput label="E-mail address" value={invitation.email} readOnly description="The address the invitation was sent to." />
          <TextInput label="Your name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
          <PasswordInput
            label="Password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Join {invitation.agency_name}
          </Button>
          <Text fz="xs" c="dimmed">
            Times are shown in your device’s timezone until you join; after that, in your agency’s.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
