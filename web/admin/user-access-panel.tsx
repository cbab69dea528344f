import { Badge, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { explainAccess } from '../../core/explain-access.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useRoles } from '../lib/roles.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useModules } from './list-modules.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

/**
 * The user drawer's "Explain access": what the person may do and why, from their roles as saved (the
 * rules of the route guard and the server, core/explain-access.ts): each permission with the roles
 * that grant it, the modules the agency has off, and every screen the guard would refuse, with why.
 */
export function UserAccessPanel({ user }: { user: AdminUser }) {
  const roles = useRoles();
  const modules = useModules();
  const heading = (
    <Title order={3} fz="md" id="user-access">
      Explain access
    </Title>
  );
  if (roles.isPending || modules.isPending)
    return (
      <Stack gap="xs" component="section" aria-labelledby="user-access">
        {heading}
        <LoadingState label="Loading access…" />
      </Stack>
    );
  if (roles.isError || modules.isError)
    return (
      <Stack gap="xs" component="section" aria-labelledby="user-access">
        {heading}
        <ErrorState
          message={errorMessage(roles.error ?? modules.error)}
          onRetry={() => void Promise.all([roles.refetch(), modules.refetch()])}
        />
      </Stack>
    );

  const held = new Set(user.roles.map((r) => r.id));
  const explained = explainAccess({
    account_type: user.account_type,
    roles: roles.data.filter((role) => held.has(role.id)).map((role) => ({ name: role.name, permissions: role.permissions })),
    enabledModules: modules.data.filter((m) => m.enabled).map((m) => m.key),
  });
  const refused = explained.screens.filter((s) => !s.allowed);

  return (
    <Stack gap="sm" component="section" aria-labelledby="user-access" data-testid="explain-access">
      {heading}
      {explained.admin ? (
        <Text fz="sm">
          Holds <b>Full administrator</b>, which passes every permission check; only a module switched off or a limited account still stops
          them.
        </Text>
      ) : null}

      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Permissions and the roles that grant them
        </Text>
        {explained.permissions.length === 0 ? (
          <Text fz="sm" c="dimmed">
            None: {user.name} holds no role that grants a permission.
          </Text>
        ) : (
          <TableScroll minWidth={320}>
            <Table verticalSpacing={4} aria-label={`Permissions of ${user.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Permission</Table.Th>
                  <Table.Th scope="col">Granted by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {explained.permissions.map((p) => (
                  <Table.Tr key={p.permission}>
                    <Table.Td>
                      <Text fz="sm">{p.label}</Text>
                      <Text fz="xs" c="dimmed" ff="monospace">
                        {p.permission}
                      </Text>
                    </Table.Td>
                    <Table.Td fz="sm">{p.grantedBy.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>

      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Modules switched off for the agency
        </Text>
        {explained.modulesOff.length === 0 ? (
          <Text fz="sm" c="dimmed">
            None: every module is on.
          </Text>
        ) : (
          <Text fz="sm">{explained.modulesOff.map((m) => m.label).join(', ')}</Text>
        )}
      </Stack>

      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Screens
        </Text>
        <List spacing={4} listStyleType="none" aria-label={`Screens ${user.name} can and cannot open`} p={0}>
          {explained.screens.map((screen) => (
            <List.Item key={screen.path} data-testid="screen-access">
              <Stack gap={0}>
                <Text fz="sm" component="span">
                  {screen.allowed ? (
                    <IconCheck aria-hidden size={14} color="var(--mantine-color-green-7)" />
                  ) : (
                    <IconX aria-hidden size={14} color="var(--mantine-color-red-7)" />
                  )}{' '}
                  {screen.name}{' '}
                  <Text span fz="xs" c="dimmed" ff="monospace">
                    {screen.path}
                  </Text>{' '}
                  <Badge size="xs" variant="light" color={screen.allowed ? 'green' : 'red'}>
                    {screen.allowed ? 'Opens' : 'Refused'}
                  </Badge>
                </Text>
                {screen.why ? (
                  <Text fz="xs" c="dimmed">
                    {screen.why}
                  </Text>
                ) : null}
              </Stack>
            </List.Item>
          ))}
        </List>
        {refused.length === 0 ? (
          <Text fz="xs" c="dimmed">
            Every module screen opens for {user.name}.
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
