import { Alert, Badge, Button, Divider, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import * as z from 'zod/mini';
import { authApi } from '../../core/contracts/auth-api.ts';
import { MAX_PASSWORD_LENGTH, Password } from '../../core/contracts/auth.ts';
import { formatDateTime } from '../../core/dates.ts';
import { FriendlyName, type Factor } from '../../core/contracts/mfa.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { useFactors } from './list-factors.ts';
import { FACTOR_TYPE_LABELS, verifiedFactors } from './mfa-step.ts';
import { useRemoveFactor } from './remove-factor.ts';
import { useRenameFactor } from './rename-factor.ts';
import { SecondFactorEnrol } from './second-factor-enrol.tsx';
import { SecondFactorVerify } from './second-factor-verify.tsx';
import { useUpdateUser } from './update-user.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useSignOutOtherSessions } from './sign-out-other-sessions.ts';

/**
 * "Account and security", opened from the user menu (the spec's route list is fixed, so it is a
 * modal rather than a page): the user's sign-in factors (list, add, rename, remove), their password,
 * and signing out their other sessions.
 */
export function AccountSecurityModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Account and security"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close account and security' }}
    >
      {opened ? <AccountSecurity /> : null}
    </Modal>
  );
}

function AccountSecurity() {
  return (
    <Stack gap="xl">
      <FactorsSection />
      <Divider />
      <ChangePasswordSection />
      <Divider />
      <OtherSessionsSection />
    </Stack>
  );
}

function FactorsSection() {
  const factors = useFactors();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="factors-heading">
      <Title order={2} fz="lg" id="factors-heading">
        Sign-in factors
      </Title>
      <Text fz="sm" c="dimmed">
        A second factor proves it is you even if someone learns your password. Security keys and authenticator apps are strong; text
        messages are weaker.
      </Text>
      {factors.isPending ? <LoadingState label="Loading your factors…" /> : null}
      {factors.isError ? <ErrorState message={errorMessage(factors.error)} onRetry={() => void factors.refetch()} /> : null}
      {factors.data ? (
        <>
          {factors.data.required ? <Text fz="sm">Your agency requires a second factor: keep at least one.</Text> : null}
          {factors.data.factors.length === 0 ? <Text fz="sm">You have no second factor yet.</Text> : null}
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your factors">
            {factors.data.factors.map((factor) => (
              <FactorRow key={factor.id} factor={factor} verified={verifiedFactors(factors.data.factors)} />
            ))}
          </Stack>
        </>
      ) : null}
      {added ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" title="Factor added">
          <Text fz="sm">You will be asked for it when you sign in.</Text>
        </Alert>
      ) : null}
      {adding ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} fz="md">
              Add a factor
            </Title>
            <SecondFactorEnrol
              onEnrolled={() => {
                setAdding(false);
                setAdded(true);
                void queryClient.invalidateQueries({ queryKey: authApi.listFactors.key });
              }}
              onCancel={() => setAdding(false)}
            />
          </Stack>
        </Paper>
      ) : (
        <Group>
          <Button
            variant="light"
            onClick={() => {
              setAdded(false);
              setAdding(true);
            }}
          >
            Add a factor
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const RenameForm = z.object({ name: FriendlyName });

function FactorRow({ factor, verified }: { factor: Factor; verified: Factor[] }) {
  const rename = useRenameFactor();
  const remove = useRemoveFactor();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm-remove' | 'verify-first'>('view');
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: { name: factor.friendly_name }, validate: zod4Resolver(RenameForm) });

  const submitRename = form.onSubmit(async (values) => {
    setError(null);
    try {
      await rename.mutateAsync({ factorId: factor.id, friendlyName: RenameForm.parse(values).name });
      setMode('view');
    } catch (cause) {
      const message = applyServerErrors(form, cause);
      if (isApiError(cause) && cause.fields.friendly_name) form.setFieldError('name', cause.fields.friendly_name);
      else if (message) setError(message);
    }
  });

  const removeNow = async () => {
    setError(null);
    try {
      await remove.mutateAsync(factor.id);
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'insufficient_aal') setMode('verify-first');
      else setError(errorMessage(cause));
    }
  };

  const lastUsed = factor.last_used_at ? `Last used ${formatDateTime(factor.last_used_at)}` : 'Never used to sign in';
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`${factor.friendly_name}, ${FACTOR_TYPE_LABELS[factor.factor_type]}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap={6}>
              <Text fw={600} fz="sm">
                {factor.friendly_name}
              </Text>
              {factor.strength === 'weaker' ? (
                <Badge size="sm" variant="light" color="yellow">
                  Weaker
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color="green">
                  Strong
                </Badge>
              )}
              {factor.status === 'unverified' ? (
                <Badge size="sm" variant="light" color="gray">
                  Not finished
                </Badge>
              ) : null}
            </Group>
            <Text fz="xs" c="dimmed">
              {FACTOR_TYPE_LABELS[factor.factor_type]}
              {factor.phone_hint ? ` · ${factor.phone_hint}` : ''} · {lastUsed}
            </Text>
          </Stack>
          {mode === 'view' ? (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setMode('rename')} aria-label={`Rename ${factor.friendly_name}`}>
                Rename
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={() => setMode('confirm-remove')}
                aria-label={`Remove ${factor.friendly_name}`}
              >
                Remove
              </Button>
            </Group>
          ) : null}
        </Group>
        <FormErrorAlert message={error} />
        {mode === 'rename' ? (
          <form onSubmit={submitRename} noValidate aria-label={`Rename ${factor.friendly_name}`}>
            <Group align="flex-end" gap="xs">
              <TextInput
                label="New name"
                required
                data-autofocus
                key={form.key('name')}
                {...form.getInputProps('name')}
                style={{ flex: 1, minWidth: 160 }}
              />
              <Button type="submit" size="sm" loading={rename.isPending}>
                Save
              </Button>
              <Button size="sm" variant="default" onClick={() => setMode('view')}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : null}
        {mode === 'confirm-remove' ? (
          <Group gap="xs">
            <Text fz="sm">Remove “{factor.friendly_name}”? You will no longer be able to sign in with it.</Text>
            <Button size="xs" color="red" loading={remove.isPending} onClick={() => void removeNow()}>
              Yes, remove it
            </Button>
            <Button size="xs" variant="default" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </Group>
        ) : null}
        {mode === 'verify-first' ? (
          <Stack gap="xs">
            <Text fz="sm">To remove a factor, first prove it is you with one of your factors.</Text>
            <SecondFactorVerify factors={verified} onVerified={() => void removeNow().then(() => setMode('view'))} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

const ChangePasswordForm = z.object({
  current_password: z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(MAX_PASSWORD_LENGTH)),
  password: Password,
});

function ChangePasswordSection() {
  const update = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', password: '' },
    validate: zod4Resolver(ChangePasswordForm),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    setChanged(false);
    try {
      await update.mutateAsync(ChangePasswordForm.parse(values));
      form.reset();
      setChanged(true);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="password-heading">
      <Title order={2} fz="lg" id="password-heading">
        Password
      </Title>
      <form onSubmit={submit} noValidate aria-label="Change your password">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          {changed ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" title="Password changed">
              <Text fz="sm">Your other sessions were signed out; this one stays signed in.</Text>
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters; a long phrase is easiest to remember. Very common passwords are refused."
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function OtherSessionsSection() {
  const signOutOthers = useSignOutOtherSessions();
  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-heading">
      <Title order={2} fz="lg" id="sessions-heading">
        Other sessions
      </Title>
      <Text fz="sm" c="dimmed">
        Signed in on another computer or phone you no longer use, or left signed in somewhere? End those sessions; this one stays signed in.
      </Text>
      <FormErrorAlert message={signOutOthers.isError ? errorMessage(signOutOthers.error) : null} />
      {signOutOthers.isSuccess ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" title="Signed out everywhere else">
          <Text fz="sm">Every other session of yours has ended.</Text>
        </Alert>
      ) : null}
      <Group>
        <Button variant="default" loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
          Sign out everywhere else
        </Button>
      </Group>
    </Stack>
  );
}
