import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ExpiringDocumentsCard } from './expiring-documents-card.tsx';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { VehicleStatus } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { RequestStatusBadge, VehicleStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { useFleetSettings } from '../fleet-api.ts';
import { useDashboard } from './get-dashboard.ts';
import { describeMaintenance, MAINTENANCE_BADGE } from './maintenance-status.ts';
import { formatWait, waitedFor } from './service-request-transitions.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

function Count({ label, value, status }: { label: string; value: number; status?: VehicleStatus }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/fleet/admin/vehicle" search={status ? { status } : {}} />}
        fz={28}
        fw={700}
        aria-label={`${label}: ${value}`}
      >
        {value}
      </Anchor>
    </Card>
  );
}

function Panel({ title, link, children }: { title: string; link: ReactNode | null; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {link}
      </Group>
      {children}
    </Card>
  );
}

/** "2 overdue · 3 due soon" beside the maintenance panel's title. */
function MaintenanceCounts({ items }: { items: { state: string }[] }) {
  const overdue = items.filter((item) => item.state === 'overdue').length;
  const dueSoon = items.filter((item) => item.state === 'due_soon').length;
  if (items.length === 0) return null;
  return (
    <Text fz="sm" c="dimmed">
      {overdue} overdue · {dueSoon} due soon
    </Text>
  );
}

/** /fleet/admin: what needs the fleet office today. */
export function FleetDashboardScreen() {
  const dashboard = useDashboard();
  const settings = useFleetSettings();
  const dates = useAgencyDates();
  return (
    <FleetAdminPage
      title="Fleet dashboard"
      description="Vehicles out of service, squad checks not done today and service requests waiting, with links to each list."
    >
      {dashboard.isPending ? (
        <LoadingState label="Loading the dashboard…" />
      ) : dashboard.isError ? (
        <ErrorState message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Count label="Vehicles" value={dashboard.data.counts.vehicles} />
            <Count label="In service" value={dashboard.data.counts.in_service} status="in_service" />
            <Count label="Out of service" value={dashboard.data.counts.out_of_service} status="out_of_service" />
            <Count label="Retired" value={dashboard.data.counts.retired} status="retired" />
          </SimpleGrid>
          <Panel
            title="Open requests by age"
            link={
              <Anchor renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" />} fz="sm">
                Service request queue
              </Anchor>
            }
          >
            <SimpleGrid cols={3} spacing="sm">
              {[
                ['Under a day', dashboard.data.open_requests_by_age.under_1_day],
                ['1 to 7 days', dashboard.data.open_requests_by_age.days_1_to_7],
                ['Over 7 days', dashboard.data.open_requests_by_age.over_7_days],
              ].map(([label, value]) => (
                <Stack key={label} gap={0}>
                  <Text fz="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text fz={24} fw={700}>
                    {value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Panel>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Panel
              title="Out of service"
              link={
                <Anchor renderRoot={(props) => <Link {...props} status="out_of_service" />} fz="sm">
                  All out of service
                </Anchor>
              }
            >
              {dashboard.data.out_of_service.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  Every vehicle is in service.
                </Text>
              ) : (
                <List spacing="xs" listStyleType="none" ml={0} pl={0}>
                  {dashboard.data.out_of_service.map((vehicle) => (
                    <List.Item key={vehicle.id}>
                      <Group gap="xs" wrap="wrap">
                        <Anchor
                          renderRoot={(props) => (
                            <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: vehicle.id }} />
                          )}
                          fw={600}
                          fz="sm"
                        >
                          {vehicle.unit_number}
                        </Anchor>
                        <VehicleStatusBadge status={vehicle.status} />
                        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {vehicle.status_reason ?? ''}
                        </Text>
                      </Group>
                    </List.Item>
                  ))}
                </List>
              )}
            </Panel>
            <Panel
              title="Not checked today"
              link={
                <Anchor renderRoot={(props) => <Link {...props} to="/fleet/admin/squadchecks" search={{ failures: 'all' }} />} fz="sm">
                  Squad checks
                </Anchor>
              }
            >
              {dashboard.data.not_checked_today.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  Every vehicle in service has been checked today.
                </Text>
              ) : (
                <List spacing="xs" listStyleType="none" ml={0} pl={0}>
                  {dashboard.data.not_checked_today.map((vehicle) => (
                    <List.Item key={vehicle.id}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: vehicle.id }} />
                        )}
                        fw={600}
                        fz="sm"
                      >
                        {vehicle.unit_number}
                      </Anchor>{' '}
                      <Text span fz="sm" c="dimmed">
                        {vehicle.last_squad_check_at ? `last checked ${dates.dateTime(vehicle.last_squad_check_at)}` : 'never checked'}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </Panel>
          </SimpleGrid>
          <ExpiringDocumentsCard />
          <Panel title="Maintenance due and overdue" link={<MaintenanceCounts items={dashboard.data.maintenance_due} />}>
            {dashboard.data.maintenance_due.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No service interval is due or overdue.
              </Text>
            ) : (
              <List spacing="xs" listStyleType="none" ml={0} pl={0}>
                {dashboard.data.maintenance_due.map((item) => (
                  <List.Item key={item.id}>
                    <Group gap="xs" wrap="wrap">
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: item.vehicle_id }} />
                        )}
                        fw={600}
                        fz="sm"
                      >
                        {item.unit_number}
                      </Anchor>
                      <Text fz="sm">{labelOf(settings.data?.service_categories, item.category)}</Text>
                      <Badge variant="light" color={MAINTENANCE_BADGE[item.state].color} c="var(--mantine-color-text)">
                        {MAINTENANCE_BADGE[item.state].label}
                      </Badge>
                      <Text fz="sm" c="dimmed">
                        {describeMaintenance(item)}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Panel>
          <Panel
            title="Waiting longest"
            link={
              <Anchor renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" />} fz="sm">
                Work the queue
              </Anchor>
            }
          >
            {dashboard.data.oldest_open_requests.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No service request is waiting.
              </Text>
            ) : (
              <List spacing="xs" listStyleType="none" ml={0} pl={0}>
                {dashboard.data.oldest_open_requests.map((request) => (
                  <List.Item key={request.id}>
                    <Group gap="xs" wrap="wrap">
                      <Anchor
                        renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" search={{ request: request.id }} />}
                        fw={600}
                        fz="sm"
                      >
                        #{request.number} · {request.unit_number}
                      </Anchor>
                      <RequestStatusBadge status={request.status} />
                      <Text fz="sm" c="dimmed">
                        waiting {formatWait(waitedFor(request))}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Panel>
        </Stack>
      )}
    </FleetAdminPage>
  );
}
