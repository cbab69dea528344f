import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import type { AuditSearch } from './audit-search.ts';
import { useOverview } from './get-overview.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';

// The audit log (filters, table, pages) is a tab: loaded when opened, so /admin's first screen stays small.
const AuditLogPanel = lazy(importWithReload(() => import('./audit-log-panel.tsx').then((m) => ({ default: m.AuditLogPanel }))));

function SummaryCard(props: { title: string; to: string; linkLabel: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={props.title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {props.title}
          </Title>
          {props.children}
        </Stack>
        <Anchor component={Link} to={props.to} fz="sm" fw={600}>
          {props.linkLabel}
        </Anchor>
      </Stack>
    </Card>
  );
}

function Overview({ onShowAudit }: { onShowAudit: () => void }) {
  const overview = useOverview();
  const dates = useAgencyDates();
  if (overview.isPending) return <LoadingState label="Loading the overview…" />;
  if (overview.isError) return <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  const { users_by_status: users, role_count: roleCount, modules, recent_activity: activity } = overview.data;
  const on = modules.filter((m) => m.enabled);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <SummaryCard title="People" to="/admin/users" linkLabel="Manage users">
          <List listStyleType="none" spacing={4} fz="sm">
            <List.Item>
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/users" search={{ status: 'active' }} />} fz="sm">
                {users.active} active
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/users" search={{ status: 'invited' }} />} fz="sm">
                {users.invited} invited
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/users" search={{ status: 'disabled' }} />} fz="sm">
                {users.disabled} disabled
              </Anchor>
            </List.Item>
          </List>
        </SummaryCard>
        <SummaryCard title="Roles" to="/admin/access" linkLabel="Roles and permissions">
          <Text fz="sm">
            {roleCount} {roleCount === 1 ? 'role' : 'roles'} give people their permissions.
          </Text>
        </SummaryCard>
        <SummaryCard title="Modules" to="/admin/modules" linkLabel="Switch modules">
          <Text fz="sm">
            {on.length} of {modules.length} on
          </Text>
          <Group gap={6}>
            {modules.map((module) => (
              <Badge key={module.key} variant="light" color={module.enabled ? 'green' : 'gray'} c="var(--mantine-color-text)">
                {module.label}: {module.enabled ? 'on' : 'off'}
              </Badge>
            ))}
          </Group>
        </SummaryCard>
        <SummaryCard title="Agency profile" to="/admin/modules/agency" linkLabel="Edit the agency profile">
          <Text fz="sm">Name, ORI, address, logo, timezone ({dates.timeZone}) and the sign-in security policy.</Text>
        </SummaryCard>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="recent-activity-heading">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg" id="recent-activity-heading">
              Recent admin activity
            </Title>
            <Anchor component="button" type="button" fz="sm" fw={600} onClick={onShowAudit}>
              Open the audit log
            </Anchor>
          </Group>
          {activity.length === 0 ? (
            <EmptyState title="Nothing yet">Changes to people, roles, modules and the agency profile will be listed here.</EmptyState>
          ) : (
            <List listStyleType="none" spacing="sm">
              {activity.map((entry) => (
                <List.Item key={entry.id}>
                  <Text fz="sm">{entry.summary}</Text>
                  <Text fz="xs" c="dimmed">
                    {dates.dateTime(entry.occurred_at)} · {entry.actor_name ?? entry.actor_email ?? 'Precinct'}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** /admin: the overview (users by status, roles, modules, recent activity) and, as a tab, the audit log. */
export function AdminOverviewScreen() {
  const state = useSearch({ from: '/_app/_admin/admin' });
  const navigate = useNavigate();
  const go = (next: AuditSearch) => void navigate({ to: '/admin', search: next });

  return (
    <AdminPage title="Admin" description="Your agency’s people, roles, modules and settings, and the record of every change made to them.">
      <Tabs
        value={state.tab}
        onChange={(tab) => go({ ...state, tab: tab === 'audit' ? 'audit' : 'overview', page: 1 })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="overview">Summary</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview onShowAudit={() => go({ ...state, tab: 'audit' })} />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <Suspense fallback={<LoadingState />}>
            <AuditLogPanel state={state} onChange={go} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
