import { Anchor, Button, Group, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { USER_STATUSES } from '../../core/contracts/auth.ts';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { ImportUsersDialog } from './import-users-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { listAllUsers, useUsers } from './list-users.ts';
import { saveFile } from './save-file.ts';
import { LockedBadge, UserStatusBadge, userStatusLabel } from './admin-badges.tsx';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { usersToCsv } from './users-csv.ts';
import { usersApiQuery, type UserSort, type UsersSearch } from './users-search.ts';
import { SearchBox } from '../lib/search-box.tsx';
import { toggleSort } from '../lib/url-search.ts';
import { TablePager } from '../ui/table-pager.tsx';

/** A column header that sorts the list by its column (and says how it is sorted, for screen readers). */
function SortableHeader(props: { column: UserSort; state: UsersSearch; onSort: (column: UserSort) => void; children: ReactNode }) {
  const active = props.state.sort === props.column;
  const Icon = !active ? IconArrowsSort : props.state.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? (props.state.order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => props.onSort(props.column)} fz="sm" fw={700}>
        <Group gap={4} wrap="nowrap">
          {props.children}
          <Icon aria-hidden size={14} stroke={1.8} style={{ opacity: active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** /admin/users: the agency's people, a page at a time; invite, import, export and edit them. */
export function UsersScreen() {
  const state = useSearch({ from: '/_app/_admin/admin/users' });
  const navigate = useNavigate();
  const go = (next: UsersSearch, replace = false) => void navigate({ to: '/admin/users', search: next, replace });
  const dates = useAgencyDates();

  const query = usersApiQuery(state);
  const users = useUsers(query);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const sort = (column: UserSort) => go(toggleSort(state, column));
  const filtered = state.q.trim() !== '' || state.status !== null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, page_size: _size, ...filters } = query;
      const all = await listAllUsers(filters);
      saveFile(usersToCsv(all), `users-${new Date().toISOString().slice(0, 10)}.csv`);
      notifications.show({ color: 'green', title: 'Exported', message: `${all.length} ${all.length === 1 ? 'person' : 'people'} saved to a CSV file.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const total = users.data?.total ?? 0;

  return (
    <AdminPage
      title="Users"
      description="Everyone in your agency with a Precinct account. People are never deleted: disable an account to end its access."
      breadcrumbs={[{ label: 'Admin', to: '/admin' }]}
      actions={
        <>
          <Button leftSection={<IconUserPlus aria-hidden size={18} />} onClick={() => setInviting(true)}>
            Invite a person
          </Button>
          <Button variant="default" leftSection={<IconFileImport aria-hidden size={18} />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button variant="default" leftSection={<IconDownload aria-hidden size={18} />} loading={exporting} onClick={() => void exportCsv()} disabled={total === 0}>
            Export CSV
          </Button>
        </>
      }
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter users">
        <SearchBox placeholder="Name, e-mail or badge number" value={state.q} onSearch={(q) => go({ ...state, q, page: 1 }, true)} />
        <Select
          label="Status"
          data={[{ value: 'all', label: 'Everyone' }, ...USER_STATUSES.map((status) => ({ value: status, label: userStatusLabel(status) }))]}
          value={state.status ?? 'all'}
          onChange={(value) => go({ ...state, status: value && value !== 'all' ? (value as UsersSearch['status']) : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
      </Group>

      {users.isPending ? (
        <LoadingState label="Loading users…" />
      ) : users.isError ? (
        <ErrorState message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'Nobody matches' : 'No users yet'}>
          {filtered ? 'Try another search or status.' : 'Invite your people by e-mail, one at a time or from a CSV file.'}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="xs" aria-label="Users" aria-busy={users.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <SortableHeader column="name" state={state} onSort={sort}>
                    Name
                  </SortableHeader>
                  <SortableHeader column="email" state={state} onSort={sort}>
                    E-mail
                  </SortableHeader>
                  <SortableHeader column="status" state={state} onSort={sort}>
                    Status
                  </SortableHeader>
                  <Table.Th scope="col">Roles</Table.Th>
                  <SortableHeader column="badge_number" state={state} onSort={sort}>
                    Badge
                  </SortableHeader>
                  <SortableHeader column="rank" state={state} onSort={sort}>
                    Rank
                  </SortableHeader>
                  <SortableHeader column="last_sign_in_at" state={state} onSort={sort}>
                    Last sign-in
                  </SortableHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.map((user) => (
                  <Table.Tr key={user.id} data-testid="user-row">
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link {...props} to="/admin/users" search={{ ...state, user: user.id }} />} fw={600} fz="sm">
                        {user.name}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {user.account_type === 'full' ? 'Full account' : 'Limited account'}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <UserStatusBadge status={user.status} />
                        {user.locked ? (
                          <LockedBadge />
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{user.roles.length > 0 ? user.roles.map((role) => role.name).join(', ') : <Text span c="dimmed" fz="sm">None</Text>}</Table.Td>
                    <Table.Td>{user.badge_number ?? ''}</Table.Td>
                    <Table.Td>{user.rank ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="last-sign-in">
                      {user.last_sign_in_at ? dates.dateTime(user.last_sign_in_at) : <Text span c="dimmed" fz="sm">Never</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager page={state.page} pageSize={state.page_size} total={total} onPage={(page) => go({ ...state, page })} onPageSize={(pageSize) => go({ ...state, page_size: pageSize, page: 1 })} />
        </Stack>
      )}

      <InviteUserDialog opened={inviting} onClose={() => setInviting(false)} />
      <ImportUsersDialog opened={importing} onClose={() => setImporting(false)} />
      <UserDrawer userId={state.user} onClose={() => go({ ...state, user: null })} />
    </AdminPage>
  );
}
