import { Alert, Button, Divider, Drawer, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLockOpen, IconMailForward, IconMailOff, IconShieldOff, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { UpdateUserInput, type AdminUser } from '../../core/contracts/admin.ts';
import type { AccountType } from '../../core/contracts/auth.ts';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../lib/form-errors.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { ACCOUNT_TYPE_OPTIONS } from './account-type.ts';
import { isStaleVersion } from '../lib/api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useUser } from './get-user.ts';
import { useRoles } from '../lib/roles.ts';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { UserStatusBadge } from './admin-badges.tsx';
import { useUpdateUser } from './update-user.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useUserAction, type UserAction } from './user-action.ts';
import { UserAccessPanel } from './user-access-panel.tsx';
import { UserSessionsPanel } from './user-sessions-panel.tsx';

type EditValues = { name: string; badge_number: string; rank: string; phone: string; account_type: AccountType; role_ids: string[] };

function valuesOf(user: AdminUser): EditValues {
  return {
    name: user.name,
    badge_number: user.badge_number ?? '',
    rank: user.rank ?? '',
    phone: user.phone ?? '',
    account_type: user.account_type,
    role_ids: user.roles.map((role) => role.id),
  };
}

/** What the admin changed, and only that (the server audits each change). */
function changesOf(before: EditValues, after: EditValues): UpdateUserInput {
  const changes: UpdateUserInput = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.badge_number !== before.badge_number) changes.badge_number = after.badge_number;
  if (after.rank !== before.rank) changes.rank = after.rank;
  if (after.phone !== before.phone) changes.phone = after.phone;
  if (after.account_type !== before.account_type) changes.account_type = after.account_type;
  if ([...after.role_ids].sort().join() !== [...before.role_ids].sort().join()) changes.role_ids = after.role_ids;
  return changes;
}

type Confirmable = Extract<UserAction, 'disable' | 'resetFactors' | 'revokeInvitation'>;

const CONFIRMS: Record<Confirmable, { title: string; label: string; color: string; text: (name: string) => string }> = {
  disable: {
    title: 'Disable this account?',
    label: 'Disable account',
    color: 'red',
    text: (name) =>
      `${name} is signed out everywhere at once: every session ends now, and their next click or request finds them signed out. They cannot sign in until the account is enabled again. Nothing they recorded is deleted.`,
  },
  resetFactors: {
    title: 'Reset their MFA?',
    label: 'Reset MFA',
    color: 'red',
    text: (name) =>
      `Every second factor of ${name} (authenticator app, security key, phone) is removed. Where the agency requires MFA, they set one up again at their next sign-in. Do this only when you have confirmed who is asking.`,
  },
  revokeInvitation: {
    title: 'Revoke the invitation?',
    label: 'Revoke invitation',
    color: 'red',
    text: (name) =>
      `The invitation link sent to ${name} stops working. They stay listed as disabled; you can invite the address again later.`,
  },
};

function UserEditor({ user, onReload, reloading }: { user: AdminUser; onReload: () => Promise<unknown>; reloading: boolean }) {
  const roles = useRoles();
  const update = useUpdateUser();
  const action = useUserAction();
  const dates = useAgencyDates();
  const [saved, setSaved] = useState<{ version: number; values: EditValues }>({ version: user.version, values: valuesOf(user) });
  const [stale, setStale] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  // What changed, checked by the contract on submit, every field at once.
  const form = useForm<EditValues>({
    initialValues: valuesOf(user),
    validate: (values) => schemaProblems(UpdateUserInput, changesOf(saved.values, values)),
  });

  // A newer version arrived; while the admin has unsaved changes nothing is replaced (their save then meets the 412).
  if (user.version !== saved.version && !stale && !form.isDirty()) {
    setSaved({ version: user.version, values: valuesOf(user) });
    form.setValues(valuesOf(user));
    form.resetDirty(valuesOf(user));
  }

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const input = changesOf(saved.values, values);
    if (Object.keys(input).length === 0) return;
    try {
      const updated = await update.mutateAsync({ id: user.id, input, version: saved.version });
      setSaved({ version: updated.version, values: valuesOf(updated) });
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      notifications.show({ color: 'green', title: 'Saved', message: `${values.name} was updated.` });
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else setFormError(applyServerErrors(form, error));
    }
  }, focusFirstProblem(form));

  const reloadTheirs = async () => {
    setFormError(null);
    const result = (await onReload()) as { data?: AdminUser } | undefined;
    setStale(false);
    if (result?.data) {
      setSaved({ version: result.data.version, values: valuesOf(result.data) });
      form.setValues(valuesOf(result.data));
      form.resetDirty(valuesOf(result.data));
    }
  };

  const run = async (which: UserAction) => {
    setActionError(null);
    try {
      const after = await action.mutateAsync({ id: user.id, action: which });
      setConfirming(null);
      const messages: Record<UserAction, string> = {
        disable: `${after.name} is disabled and signed out everywhere.`,
        enable: `${after.name} can sign in again.`,
        unlock: `${after.name} can sign in again.`,
        resetFactors: `${after.name}’s second factors were removed.`,
        resendInvitation: `A new invitation was sent to ${after.email}.`,
        revokeInvitation: `The invitation to ${after.email} no longer works.`,
      };
      notifications.show({ color: 'green', title: 'Done', message: messages[which] });
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  // Roles the user holds stay listed even before the role list has loaded.
  for (const role of user.roles)
    if (!roleOptions.some((option) => option.value === role.id)) roleOptions.push({ value: role.id, label: role.name });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <UserStatusBadge status={user.status} />
          {user.locked ? (
            <Text fz="sm" c="red.8" fw={600} className="precinct-locked">
              Locked after failed sign-ins
            </Text>
          ) : null}
        </Group>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Text fz="xs" c="dimmed">
          {user.last_sign_in_at ? `Last signed in ${dates.dateTime(user.last_sign_in_at)}` : 'Has never signed in'} · Added{' '}
          {dates.date(user.created_at)}
          {user.invitation_expires_at ? ` · Invitation expires ${dates.dateTime(user.invitation_expires_at)}` : ''}
        </Text>
      </Stack>

      <form onSubmit={submit} noValidate aria-label={`Edit ${user.name}`}>
        <Stack gap="sm">
          {stale ? <StaleVersionAlert what="person" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
          <FormErrorAlert message={formError} />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="Badge number" {...form.getInputProps('badge_number')} />
            <TextInput label="Rank" {...form.getInputProps('rank')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Select label="Account type" data={ACCOUNT_TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('account_type')} />
          <MultiSelect
            label="Roles"
            description="A change takes effect at once: every request they make is checked against their roles as they are now."
            data={roleOptions}
            searchable
            clearable
            {...form.getInputProps('role_ids')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>

      <Divider />
      <Stack gap="xs" component="section" aria-labelledby="user-account-actions">
        <Title order={3} fz="md" id="user-account-actions">
          Account
        </Title>
        {actionError && !confirming ? (
          <Alert color="red" variant="light" role="alert" title="That did not work">
            {actionError}
          </Alert>
        ) : null}
        <Group gap="xs">
          {user.status === 'active' ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconUserOff aria-hidden size={16} />}
              onClick={() => setConfirming('disable')}
            >
              Disable account
            </Button>
          ) : null}
          {user.status === 'disabled' ? (
            <Button
              variant="default"
              leftSection={<IconUserCheck aria-hidden size={16} />}
              loading={action.isPending}
              onClick={() => void run('enable')}
            >
              Enable account
            </Button>
          ) : null}
          {user.locked ? (
            <Button
              variant="default"
              leftSection={<IconLockOpen aria-hidden size={16} />}
              loading={action.isPending}
              onClick={() => void run('unlock')}
            >
              Unlock
            </Button>
          ) : null}
          {user.status === 'active' ? (
            <Button variant="default" leftSection={<IconShieldOff aria-hidden size={16} />} onClick={() => setConfirming('resetFactors')}>
              Reset MFA
            </Button>
          ) : null}
          {user.status === 'invited' ? (
            <>
              <Button
                variant="default"
                leftSection={<IconMailForward aria-hidden size={16} />}
                loading={action.isPending}
                onClick={() => void run('resendInvitation')}
              >
                Resend invitation
              </Button>
              <Button
                variant="default"
                leftSection={<IconMailOff aria-hidden size={16} />}
                onClick={() => setConfirming('revokeInvitation')}
              >
                Revoke invitation
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>

      <Divider />
      <UserSessionsPanel user={user} />
      <Divider />
      <UserAccessPanel user={user} />

      {confirming ? (
        <ConfirmDialog
          opened
          title={CONFIRMS[confirming].title}
          confirmLabel={CONFIRMS[confirming].label}
          color={CONFIRMS[confirming].color}
          busy={action.isPending}
          error={actionError}
          onConfirm={() => void run(confirming)}
          onClose={() => {
            setConfirming(null);
            setActionError(null);
          }}
        >
          {CONFIRMS[confirming].text(user.name)}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

/** The person open on /admin/users?user=<id>: edit their details and roles, act on their account, end their sessions, and see why they may or may not open each screen. */
export function UserDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const user = useUser(userId);
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={user.data?.name ?? 'Person'}
    >
      {userId === null ? null : user.isPending ? (
        <LoadingState label="Loading…" />
      ) : user.isError ? (
        <ErrorState message={errorMessage(user.error)} onRetry={() => void user.refetch()} />
      ) : (
        <UserEditor key={user.data.id} user={user.data} onReload={() => user.refetch()} reloading={user.isFetching} />
      )}
    </Drawer>
  );
}
