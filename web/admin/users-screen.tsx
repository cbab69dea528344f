import { Anchor, Button, Checkbox, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { USER_STATUSES } from '../../core/contracts/auth.ts';
import { errorMessage } from '../lib/api-error.ts';
import { AdminPage } from './admin-page.tsx';
import { ImportUsersDialog } from './import-users-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { listAllUsers, useUsers } from './list-users.ts';
import { downloadText } from '../lib/download.ts';
import { LockedBadge, UserStatusBadge, userStatusLabel } from './admin-badges.tsx';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { usersToCsv } from './users-csv.ts';
import { usersApiQuery, type UserSort, type UsersSearch } from './users-search.ts';
import { SearchBox } from '../lib/search-box.tsx';
import { ListView, listControls, type ListColumn } from '../lib/list-view.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { useRoles } from '../lib/roles.ts';
import { BulkUsersBar } from './bulk-users-bar.tsx';

/** /admin/users: the agency's people, a page at a time, by status and role; invite, import, export, act on several at once, and open one (a row click) to edit them. */
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

  const roles = useRoles();
  const filtered = state.q.trim() !== '' || state.status !== null || state.role !== null;
  // The chosen rows, on this page of this search: a new page or filter starts with none.
  const pageKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: pageKey, ids: [] });
  const selected = selection.key === pageKey ? selection.ids : [];
  const pageIds = (users.data?.items ?? []).map((user) => user.id);
  const toggle = (id: string, on: boolean) =>
    setSelection({ key: pageKey, ids: on ? [...new Set([...selected, id])] : selected.filter((other) => other !== id) });
  const allChosen = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, page_size: _size, ...filters } = query;
      const all = await listAllUsers(filters);
      downloadText(`users-${new Date().toISOString().slice(0, 10)}.csv`, usersToCsv(all));
      notifications.show({
        color: 'green',
        title: 'Exported',
        message: `${all.length} ${all.length === 1 ? 'person' : 'people'} saved to a CSV file.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const total = users.data?.total ?? 0;

  const columns: ListColumn<AdminUser, UserSort>[] = [
    {
      label: 'Select',
      header: (
        <Checkbox
          aria-label="Select everyone on this page"
          checked={allChosen}
          indeterminate={selected.length > 0 && !allChosen}
          onChange={(event) => setSelection({ key: pageKey, ids: event.currentTarget.checked ? pageIds : [] })}
        />
      ),
      card: 'media',
      th: { style: { width: 40 } },
      cell: (user) => (
        <Checkbox
          aria-label={`Select ${user.name}`}
          checked={selected.includes(user.id)}
          onChange={(event) => toggle(user.id, event.currentTarget.checked)}
        />
      ),
    },
    {
      label: 'Name',
      sort: 'name',
      card: 'title',
      cell: (user) => (
        <>
          <Anchor renderRoot={(props) => <Link {...props} to="/admin/users" search={{ ...state, user: user.id }} />} fw={600} fz="sm">
            {user.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {user.account_type === 'full' ? 'Full account' : 'Limited account'}
          </Text>
        </>
      ),
    },
    { label: 'E-mail', sort: 'email', cell: (user) => user.email, td: { style: { overflowWrap: 'anywhere' } } },
    {
      label: 'Status',
      sort: 'status',
      card: 'status',
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          <UserStatusBadge status={user.status} />
          {user.locked ? <LockedBadge /> : null}
        </Group>
      ),
      cardCell: (user) => (
        <>
          <UserStatusBadge status={user.status} />
          {user.locked ? <LockedBadge /> : null}
        </>
      ),
    },
    {
      label: 'Roles',
      cell: (user) =>
        user.roles.length > 0 ? (
          user.roles.map((role) => role.name).join(', ')
        ) : (
          <Text span c="dimmed" fz="sm">
            None
          </Text>
        ),
    },
    { label: 'Badge', sort: 'badge_number', cell: (user) => user.badge_number ?? '' },
    { label: 'Rank', sort: 'rank', cell: (user) => user.rank ?? '' },
    {
      label: 'Last sign-in',
      sort: 'last_sign_in_at',
      cell: (user) =>
        user.last_sign_in_at ? (
          dates.dateTime(user.last_sign_in_at)
        ) : (
          <Text span c="dimmed" fz="sm">
            Never
          </Text>
        ),
      td: { style: { whiteSpace: 'nowrap' }, 'data-testid': 'last-sign-in' },
    },
  ];

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
          <Button
            variant="default"
            leftSection={<IconDownload aria-hidden size={18} />}
            loading={exporting}
            onClick={() => void exportCsv()}
            disabled={total === 0}
          >
            Export CSV
          </Button>
        </>
      }
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter users">
        <SearchBox placeholder="Name, e-mail or badge number" value={state.q} onSearch={(q) => go({ ...state, q, page: 1 }, true)} />
        <FilterSelect
          label="Status"
          any="Everyone"
          options={USER_STATUSES.map((status) => ({ value: status, label: userStatusLabel(status) }))}
          value={state.status}
          onChange={(status) => go({ ...state, status, page: 1 })}
        />
        <FilterSelect
          label="Role"
          any="Any role"
          searchable
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          value={state.role}
          onChange={(role) => go({ ...state, role, page: 1 })}
        />
      </Group>

      <BulkUsersBar
        selected={selected}
        names={new Map((users.data?.items ?? []).map((user) => [user.id, user.name]))}
        onDone={() => setSelection({ key: pageKey, ids: [] })}
      />

      <ListView
        label="Users"
        query={users}
        columns={columns}
        rowKey={(user) => user.id}
        rowTestId="user-row"
        loadingLabel="Loading users…"
        empty={
          filtered
            ? { title: 'Nobody matches', children: 'Try another search, status or role.' }
            : { title: 'No users yet', children: 'Invite your people by e-mail, one at a time or from a CSV file.' }
        }
        minWidth={900}
        onRowClick={(user) => go({ ...state, user: user.id })}
        {...listControls(state, go)}
      />

      <InviteUserDialog opened={inviting} onClose={() => setInviting(false)} />
      <ImportUsersDialog opened={importing} onClose={() => setImporting(false)} />
      <UserDrawer userId={state.user} onClose={() => go({ ...state, user: null })} />
    </AdminPage>
  );
}
