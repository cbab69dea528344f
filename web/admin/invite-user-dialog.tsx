import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { InviteUserInput } from '../../core/contracts/admin.ts';
import type { AccountType } from '../../core/contracts/auth.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { ACCOUNT_TYPE_OPTIONS } from './account-type.ts';
import { useInviteUser } from './invite-user.ts';
import { useRoles } from '../lib/roles.ts';

type InviteValues = {
  email: string;
  name: string;
  account_type: AccountType;
  role_ids: string[];
  badge_number: string;
  rank: string;
  phone: string;
};

const EMPTY: InviteValues = { email: '', name: '', account_type: 'limited', role_ids: [], badge_number: '', rank: '', phone: '' };

/** Invite one person by e-mail: the mail leads them to /signup to choose a password. */
export function InviteUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const roles = useRoles();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteValues>({ mode: 'uncontrolled', initialValues: EMPTY, validate: zod4Resolver(InviteUserInput) });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await invite.mutateAsync(InviteUserInput.parse(values));
      notifications.show({ color: 'green', title: 'Invitation sent', message: `${user.name} was invited at ${user.email}.` });
      close();
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title="Invite a person" size="lg">
      <form onSubmit={submit} noValidate aria-label="Invite a person">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="E-mail address"
              type="email"
              inputMode="email"
              autoComplete="off"
              required
              data-autofocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput label="Name" autoComplete="off" required key={form.key('name')} {...form.getInputProps('name')} />
          </SimpleGrid>
          <Select
            label="Account type"
            data={ACCOUNT_TYPE_OPTIONS}
            allowDeselect={false}
            key={form.key('account_type')}
            {...form.getInputProps('account_type')}
          />
          <MultiSelect
            label="Roles"
            description="The permissions of these roles are what the person can do."
            placeholder={roles.isPending ? 'Loading roles…' : 'Choose roles'}
            data={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            searchable
            clearable
            error={roles.isError ? 'The roles could not be loaded' : undefined}
            key={form.key('role_ids')}
            {...form.getInputProps('role_ids')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Badge number" key={form.key('badge_number')} {...form.getInputProps('badge_number')} />
            <TextInput label="Rank" key={form.key('rank')} {...form.getInputProps('rank')} />
            <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
