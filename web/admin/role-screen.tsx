import { Alert, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { UpdateRoleInput, type RoleDetail } from '../../core/contracts/admin.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../lib/form-errors.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { isConflict, isStaleVersion } from '../lib/api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useDeleteRole } from './delete-role.ts';
import { useRole } from './get-role.ts';
import { areaSelection, permissionGroups, setPermissions, toggleArea } from './permission-groups.ts';
import { isDeletableRole } from '../../core/permissions.ts';
import { useSetRoleMembers } from './set-role-members.ts';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { UserStatusBadge } from './admin-badges.tsx';
import { useUpdateRole } from './update-role.ts';
import { PersonPicker } from '../lib/person-picker.tsx';
import { userOptions } from './user-options.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

type RoleValues = { name: string; description: string; permissions: string[] };

function valuesOf(role: RoleDetail): RoleValues {
  // Catalogue order, whatever order the server lists them in, so comparing two lists compares their content.
  return { name: role.name, description: role.description, permissions: setPermissions([], role.permissions, true) };
}

/** A refusal the admin must read: 409 (no administrator would remain, a name in use) stands out. */
function RefusalAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title="This change was refused" role="alert">
      {message}
    </Alert>
  );
}

/** Only what changed of the role. */
function roleChangesOf(before: RoleValues, after: RoleValues): UpdateRoleInput {
  const input: UpdateRoleInput = {};
  if (after.name !== before.name) input.name = after.name;
  if (after.description !== before.description) input.description = after.description;
  if (after.permissions.join() !== before.permissions.join()) input.permissions = after.permissions;
  return input;
}

function RoleDetails({ role, onReload, reloading }: { role: RoleDetail; onReload: () => Promise<unknown>; reloading: boolean }) {
  const update = useUpdateRole();
  const [saved, setSaved] = useState<{ version: number; values: RoleValues }>({ version: role.version, values: valuesOf(role) });
  const [stale, setStale] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // What changed, checked by the contract on submit, every field at once.
  const form = useForm<RoleValues>({
    initialValues: valuesOf(role),
    validate: (values) => schemaProblems(UpdateRoleInput, roleChangesOf(saved.values, values)),
  });
  const groups = permissionGroups();

  // A newer version arrived; while the admin has unsaved changes nothing is replaced (their save then meets the 412).
  if (role.version !== saved.version && !stale && !form.isDirty()) {
    setSaved({ version: role.version, values: valuesOf(role) });
    form.setValues(valuesOf(role));
    form.resetDirty(valuesOf(role));
  }

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    const input = roleChangesOf(saved.values, values);
    if (Object.keys(input).length === 0) return;
    try {
      const updated = await update.mutateAsync({ id: role.id, input, version: saved.version });
      setSaved({ version: updated.version, values: valuesOf(updated) });
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `The role ${values.name} was updated. Its members have the change at once.`,
      });
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else if (isConflict(error)) setRefusal(errorMessage(error));
      else setRefusal(applyServerErrors(form, error));
    }
  }, focusFirstProblem(form));

  const reloadTheirs = async () => {
    const result = (await onReload()) as { data?: RoleDetail } | undefined;
    setStale(false);
    setRefusal(null);
    if (result?.data) {
      setSaved({ version: result.data.version, values: valuesOf(result.data) });
      form.setValues(valuesOf(result.data));
      form.resetDirty(valuesOf(result.data));
    }
  };

  const permissions = form.getValues().permissions;
  const adminHeld = permissions.includes('admin:access');

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit the role ${role.name}`}>
      <Stack gap="md">
        {stale ? <StaleVersionAlert what="role" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
        <RefusalAlert message={refusal} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          </Stack>
        </Card>
        <Stack gap="sm" component="section" aria-labelledby="role-permissions">
          <Title order={2} fz="lg" id="role-permissions">
            Permissions
          </Title>
          {adminHeld ? (
            <Text fz="sm" c="dimmed">
              This role holds Full administrator, which passes every permission check: the other boxes make no difference while it is
              ticked.
            </Text>
          ) : null}
          {groups.map((group) => {
            const selection = areaSelection(permissions, group);
            return (
              <Card key={group.area} withBorder radius="lg" padding="md">
                <Stack gap="sm">
                  <Checkbox
                    label={<Text fw={650}>{group.label}</Text>}
                    checked={selection === 'all'}
                    indeterminate={selection === 'some'}
                    onChange={() => form.setFieldValue('permissions', toggleArea(permissions, group))}
                    aria-label={`Every ${group.label} permission`}
                  />
                  <Stack gap="xs" pl={{ base: 0, xs: 'lg' }}>
                    {group.permissions.map((permission) => (
                      <Checkbox
                        key={permission.key}
                        label={permission.label}
                        description={permission.description}
                        checked={permissions.includes(permission.key)}
                        onChange={(event) =>
                          form.setFieldValue('permissions', setPermissions(permissions, [permission.key], event.currentTarget.checked))
                        }
                      />
                    ))}
                  </Stack>
                </Stack>
              </Card>
            );
          })}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoleMembers({ role }: { role: RoleDetail }) {
  const setMembers = useSetRoleMembers();
  const [picked, setPicked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const memberIds = role.members.map((member) => member.id);

  const save = async (userIds: string[], message: string) => {
    setRefusal(null);
    try {
      await setMembers.mutateAsync({ id: role.id, userIds });
      notifications.show({ color: 'green', title: 'Members changed', message });
      return true;
    } catch (error) {
      setRefusal(errorMessage(error));
      return false;
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="role-members">
      <Title order={2} fz="lg" id="role-members">
        Members ({role.members.length})
      </Title>
      <RefusalAlert message={refusal} />
      <Group gap="sm" align="flex-end">
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <PersonPicker search={userOptions} label="Add a person" value={picked} onChange={setPicked} exclude={memberIds} />
        </div>
        <Button
          leftSection={<IconUserPlus aria-hidden size={18} />}
          disabled={picked === null}
          loading={setMembers.isPending}
          onClick={() => {
            if (!picked) return;
            void save([...memberIds, picked], 'The person was added to the role.').then((ok) => {
              if (ok) setPicked(null);
            });
          }}
        >
          Add
        </Button>
      </Group>
      {role.members.length === 0 ? (
        <EmptyState title="Nobody has this role">Add people above, or choose roles for a person on the Users screen.</EmptyState>
      ) : (
        <TableScroll minWidth={480}>
          <Table striped verticalSpacing="xs" aria-label={`Members of ${role.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {role.members.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td fw={600}>{member.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                  <Table.Td>
                    <UserStatusBadge status={member.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUserMinus aria-hidden size={14} />}
                      aria-label={`Remove ${member.name} from ${role.name}`}
                      disabled={setMembers.isPending}
                      onClick={() =>
                        void save(
                          memberIds.filter((id) => id !== member.id),
                          `${member.name} was removed from the role.`,
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

/** /admin/access/roles/{role_id}: a role's name, permissions by area and members; delete it when it has none. */
export function RoleScreen() {
  const { role_id: roleId = '' } = useParams({ strict: false });
  const role = useRole(roleId);
  const remove = useDeleteRole();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (role.isPending)
    return (
      <AdminPage
        title="Role"
        breadcrumbs={[
          { label: 'Admin', to: '/admin' },
          { label: 'Access', to: '/admin/access' },
        ]}
      >
        <LoadingState label="Loading the role…" />
      </AdminPage>
    );
  if (role.isError) {
    const missing = isApiError(role.error) && role.error.status === 404;
    return (
      <AdminPage
        title={missing ? 'Role not found' : 'Role'}
        breadcrumbs={[
          { label: 'Admin', to: '/admin' },
          { label: 'Access', to: '/admin/access' },
        ]}
      >
        <ErrorState
          title={missing ? 'There is no such role' : undefined}
          message={missing ? 'It may have been deleted. Go back to Access to see the roles there are.' : errorMessage(role.error)}
          onRetry={missing ? undefined : () => void role.refetch()}
        />
      </AdminPage>
    );
  }

  const data = role.data;
  const doDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(data.id);
      setConfirming(false);
      notifications.show({ color: 'green', title: 'Role deleted', message: `The role ${data.name} was deleted.` });
      await navigate({ to: '/admin/access' });
    } catch (error) {
      setDeleteError(errorMessage(error));
    }
  };

  return (
    <AdminPage
      title={data.name}
      description={
        !isDeletableRole(data)
          ? 'A built-in role of every new agency; you may change it, but it cannot be deleted.'
          : data.template_key
            ? 'A built-in role of every new agency; you may change or delete it.'
            : 'A role made by your agency.'
      }
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Access', to: '/admin/access' },
      ]}
      actions={
        isDeletableRole(data) ? (
          <Button variant="default" color="red" leftSection={<IconTrash aria-hidden size={18} />} onClick={() => setConfirming(true)}>
            Delete role
          </Button>
        ) : undefined
      }
    >
      <RoleDetails key={data.id} role={data} onReload={() => role.refetch()} reloading={role.isFetching} />
      <RoleMembers role={data} />
      <ConfirmDialog
        opened={confirming}
        title={`Delete the role ${data.name}?`}
        confirmLabel="Delete role"
        color="red"
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void doDelete()}
        onClose={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
      >
        {data.members.length > 0
          ? `The role has ${data.members.length} ${data.members.length === 1 ? 'member' : 'members'}; a role can be deleted only once nobody holds it.`
          : 'The role is removed for good. Nobody holds it, so nobody loses access.'}
      </ConfirmDialog>
    </AdminPage>
  );
}
