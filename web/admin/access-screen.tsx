import { Anchor, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconMinus, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Fragment, useState } from 'react';
import { CreateRoleInput, type Role } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { useCreateRole } from './create-role.ts';
import { useRoles } from '../lib/roles.ts';
import { grants, permissionGroups } from './permission-groups.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

function CreateRoleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateRole();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: { name: '', description: '' }, validate: zod4Resolver(CreateRoleInput) });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const role = await create.mutateAsync({ ...values, permissions: [] });
      close();
      await navigate({ to: '/admin/access/roles/$role_id', params: { role_id: role.id } });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={close} title="Create a role">
      <form onSubmit={submit} noValidate aria-label="Create a role">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TextInput label="Name" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="What the role is for, in a sentence."
            autosize
            minRows={2}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <Text fz="sm" c="dimmed">
            You choose its permissions and members next.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create role
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RolesTable({ roles }: { roles: Role[] }) {
  return (
    <TableScroll minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Roles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">What it is for</Table.Th>
            <Table.Th scope="col" ta="right">
              Members
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Permissions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((role) => (
            <Table.Tr key={role.id}>
              <Table.Td>
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/admin/access/roles/$role_id" params={{ role_id: role.id }} />}
                  fw={600}
                  fz="sm"
                >
                  {role.name}
                </Anchor>
              </Table.Td>
              <Table.Td fz="sm">{role.description}</Table.Td>
              <Table.Td ta="right">{role.member_count}</Table.Td>
              <Table.Td ta="right">{role.permissions.includes('admin:access') ? 'All' : role.permissions.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** Roles × permissions, read-only: which role grants what, with each permission explained. */
function PermissionMatrix({ roles }: { roles: Role[] }) {
  const groups = permissionGroups();
  return (
    <TableScroll minWidth={360 + roles.length * 110}>
      <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" aria-label="Roles and permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" miw={280}>
              Permission
            </Table.Th>
            {roles.map((role) => (
              <Table.Th key={role.id} scope="col" ta="center" style={{ verticalAlign: 'bottom' }}>
                <Anchor
                  renderRoot={(props) => <Link {...props} to="/admin/access/roles/$role_id" params={{ role_id: role.id }} />}
                  fz="sm"
                  fw={600}
                >
                  {role.name}
                </Anchor>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.area}>
              <Table.Tr>
                <Table.Th scope="colgroup" colSpan={roles.length + 1} bg="var(--mantine-color-default-hover)">
                  {group.label}
                </Table.Th>
              </Table.Tr>
              {group.permissions.map((permission) => (
                <Table.Tr key={permission.key}>
                  <Table.Th scope="row" fw={400}>
                    <Text fz="sm" fw={600}>
                      {permission.label}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {permission.description}
                    </Text>
                  </Table.Th>
                  {roles.map((role) => {
                    const grant = grants(role.permissions, permission.key);
                    return (
                      <Table.Td key={role.id} ta="center">
                        {grant === 'direct' ? (
                          <>
                            <IconCheck aria-hidden size={18} color="var(--mantine-color-green-text)" />
                            <VisuallyHidden>Yes</VisuallyHidden>
                          </>
                        ) : grant === 'through-admin' ? (
                          <Text fz="xs" c="dimmed">
                            Yes, as administrator
                          </Text>
                        ) : (
                          <>
                            <IconMinus aria-hidden size={14} color="var(--mantine-color-dimmed)" />
                            <VisuallyHidden>No</VisuallyHidden>
                          </>
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** /admin/access: the agency's roles with member counts, a new role, and the roles × permissions matrix. */
export function AccessScreen() {
  const roles = useRoles();
  const [creating, setCreating] = useState(false);
  return (
    <AdminPage
      title="Access"
      description="Roles are named sets of permissions. A person can do what any of their roles allows; Full administrator allows everything."
      breadcrumbs={[{ label: 'Admin', to: '/admin' }]}
      actions={
        <Button leftSection={<IconPlus aria-hidden size={18} />} onClick={() => setCreating(true)}>
          Create a role
        </Button>
      }
    >
      {roles.isPending ? (
        <LoadingState label="Loading roles…" />
      ) : roles.isError ? (
        <ErrorState message={errorMessage(roles.error)} onRetry={() => void roles.refetch()} />
      ) : roles.data.length === 0 ? (
        <EmptyState title="No roles yet">Create a role to give people permissions.</EmptyState>
      ) : (
        <Tabs defaultValue="roles">
          <Tabs.List>
            <Tabs.Tab value="roles">Roles</Tabs.Tab>
            <Tabs.Tab value="matrix">Permissions matrix</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="roles" pt="md">
            <RolesTable roles={roles.data} />
          </Tabs.Panel>
          <Tabs.Panel value="matrix" pt="md">
            <PermissionMatrix roles={roles.data} />
          </Tabs.Panel>
        </Tabs>
      )}
      <CreateRoleDialog opened={creating} onClose={() => setCreating(false)} />
    </AdminPage>
  );
}
