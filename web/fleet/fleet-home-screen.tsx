import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCar, IconChecklist, IconCircleCheck, IconGasStation, IconTool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { FleetHome, ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, KeptAnswerNotice, LoadingState } from '../ui/states.tsx';
import { showsKeptAnswer } from '../lib/offline-reads/kept-answer.ts';
import { RequestStatusBadge, VehicleStatusBadge } from './fleet-badges.tsx';
import { FleetPage } from './fleet-page.tsx';
import { useFleetHome } from './get-fleet-home.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { hasPermission } from '../../core/permissions.ts';
import { keepFormsOffline } from './keep-forms-offline.ts';

/** /fleet: the officer's cars, today's squad checks, their open service requests, and the two things they do here. */
export function FleetHomeScreen() {
  const home = useFleetHome();
  const queryClient = useQueryClient();
  const auth = useAuthState();
  const userId = auth.session?.user.id ?? null;
  const canLogFuel = auth.claims ? hasPermission(auth.claims, 'fleet:squadcheck.submit') : false;
  useEffect(() => {
    if (home.data && userId) keepFormsOffline(queryClient, home.data, userId);
  }, [home.data, queryClient, userId]);
  return (
    <FleetPage
      title="Fleet"
      description="Your vehicles, today’s squad checks and the problems you reported."
      actions={
        <>
          <Button component={Link} to="/fleet/squadcheck" leftSection={<IconChecklist aria-hidden size={18} />} size="md">
            Do a squad check
          </Button>
          <Button component={Link} to="/fleet/request" variant="default" leftSection={<IconTool aria-hidden size={18} />} size="md">
            Report a problem
          </Button>
          {canLogFuel ? (
            <Button component={Link} to="/fleet/fuel" variant="default" leftSection={<IconGasStation aria-hidden size={18} />} size="md">
              Log fuel
            </Button>
          ) : null}
        </>
      }
    >
      {home.isPending ? (
        <LoadingState label="Loading your vehicles…" />
      ) : home.data && showsKeptAnswer(home) ? (
        <Stack gap="md">
          <KeptAnswerNotice updatedAt={home.dataUpdatedAt} onRetry={() => void home.refetch()} />
          <HomeContent home={home.data} />
        </Stack>
      ) : home.isError ? (
        <ErrorState message={errorMessage(home.error)} onRetry={() => void home.refetch()} />
      ) : (
        <HomeContent home={home.data} />
      )}
    </FleetPage>
  );
}

function HomeContent({ home }: { home: FleetHome }) {
  const dates = useAgencyDates();
  const checkedToday = new Map(home.checked_today.map((check) => [check.vehicle_id, check]));
  return (
    <Stack gap="lg">
      {home.squad_check_required_before_shift ? (
        <Alert color="blue" variant="light" title="Squad check before each shift" icon={<IconChecklist aria-hidden />}>
          Your agency requires a squad check of your car before each shift.
          {home.checked_today.length === 0 ? ' You have not done one today.' : null}
        </Alert>
      ) : null}

      <section aria-labelledby="fleet-today">
        <Title order={2} fz="lg" id="fleet-today" mb="xs">
          Today’s squad checks
        </Title>
        {home.checked_today.length === 0 ? (
          <Text c="dimmed">No squad check done today yet.</Text>
        ) : (
          <Stack gap={6}>
            {home.checked_today.map((check) => (
              <Group key={`${check.vehicle_id}-${check.submitted_at}`} gap="xs" wrap="nowrap">
                {check.failed > 0 ? (
                  <IconAlertTriangle aria-hidden size={18} color="var(--mantine-color-red-filled)" />
                ) : (
                  <IconCircleCheck aria-hidden size={18} color="var(--mantine-color-green-filled)" />
                )}
                <Text>
                  Unit {check.unit_number} at {dates.time(check.submitted_at)}:{' '}
                  {check.failed === 0 ? 'all passed' : `${check.failed} failed`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </section>

      <section aria-labelledby="fleet-vehicles">
        <Title order={2} fz="lg" id="fleet-vehicles" mb="xs">
          Your vehicles
        </Title>
        {home.vehicles.length === 0 ? (
          <EmptyState title="No vehicles yet">
            No car is assigned to you and you have not checked one recently. Start a squad check to pick one.
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {home.vehicles.map((vehicle) => (
              <VehicleCard key={vehicle.id} vehicle={vehicle} checkedAt={checkedToday.get(vehicle.id)?.submitted_at ?? null} />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="fleet-requests">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg" id="fleet-requests">
            Your open service requests
          </Title>
          <Anchor component={Link} to="/fleet/request" fz="sm" className="precinct-tap">
            All your requests
          </Anchor>
        </Group>
        {home.open_requests.length === 0 ? (
          <Text c="dimmed">You have no open service requests.</Text>
        ) : (
          <Stack gap="xs">
            {home.open_requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function VehicleCard({ vehicle, checkedAt }: { vehicle: Vehicle; checkedAt: string | null }) {
  const dates = useAgencyDates();
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconCar aria-hidden size={20} />
            <Text fw={650} truncate>
              Unit {vehicle.unit_number}
            </Text>
          </Group>
          <VehicleStatusBadge status={vehicle.status} />
        </Group>
        <Text fz="sm" c="dimmed">
          {vehicle.year} {vehicle.make} {vehicle.model}
          {vehicle.plate ? ` · ${vehicle.plate}` : ''}
        </Text>
        {vehicle.status === 'out_of_service' && vehicle.status_reason ? <Text fz="sm">{vehicle.status_reason}</Text> : null}
        <Text fz="sm">
          {checkedAt
            ? `Checked today at ${dates.time(checkedAt)}`
            : vehicle.last_squad_check_at
              ? `Last checked ${dates.dateTime(vehicle.last_squad_check_at)}`
              : 'Never checked'}
        </Text>
        {vehicle.status !== 'retired' ? (
          <Group gap="xs" mt={4}>
            <Button
              renderRoot={(props) => <Link {...props} to="/fleet/squadcheck" search={{ vehicle_id: vehicle.id }} />}
              size="sm"
              variant="light"
              aria-label={`Squad check of unit ${vehicle.unit_number}`}
            >
              Squad check
            </Button>
            <Button
              renderRoot={(props) => <Link {...props} to="/fleet/request" search={{ vehicle_id: vehicle.id }} />}
              size="sm"
              variant="default"
              aria-label={`Report a problem with unit ${vehicle.unit_number}`}
            >
              Report a problem
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function RequestRow({ request }: { request: ServiceRequest }) {
  const dates = useAgencyDates();
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/fleet/request" search={{ id: request.id }} />}
            fw={600}
            className="precinct-tap"
          >
            #{request.number} · Unit {request.unit_number}
          </Anchor>
          <Text fz="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {request.description}
          </Text>
          <Text fz="xs" c="dimmed">
            Reported {dates.dateTime(request.created_at)}
          </Text>
        </Stack>
        <RequestStatusBadge status={request.status} />
      </Group>
    </Card>
  );
}
