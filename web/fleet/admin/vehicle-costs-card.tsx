import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCents, workOrderLabel } from '../../../core/fleet/work-order-totals.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { REQUEST_STATUS_LABELS } from '../fleet-badges.tsx';
import { useVehicleCosts } from './get-vehicle-costs.ts';

/** What a vehicle has cost: its completed requests' costs to date, and its latest work orders, each opening its request. */
export function VehicleCostsCard({ vehicleId }: { vehicleId: string }) {
  const costs = useVehicleCosts(vehicleId);
  const dates = useAgencyDates();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-costs">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-costs">
          Costs
        </Title>
        {costs.isPending ? (
          <LoadingState label="Loading the costs…" />
        ) : costs.isError ? (
          <ErrorState message={errorMessage(costs.error)} onRetry={() => void costs.refetch()} />
        ) : (
          <>
            <Group gap="xs" align="baseline" wrap="wrap">
              <Text fz="sm">Cost to date</Text>
              <Text fz="xl" fw={700} data-testid="vehicle-cost-to-date">
                {formatCents(costs.data.cost_to_date_cents)}
              </Text>
              <Text fz="sm" c="dimmed">
                from {costs.data.completed_requests} completed request{costs.data.completed_requests === 1 ? '' : 's'}
              </Text>
            </Group>
            {costs.data.work_orders.length === 0 ? (
              <EmptyState title="No work orders yet">A service request’s work order shows here with its total.</EmptyState>
            ) : (
              <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Latest work orders">
                {costs.data.work_orders.map((order) => (
                  <Group key={order.id} component="li" gap="xs" justify="space-between" wrap="wrap">
                    <Stack gap={0} miw={0}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/fleet/admin/servicerequest" search={{ request: order.service_request_id }} />
                        )}
                        fz="sm"
                        fw={600}
                      >
                        {workOrderLabel(order.number)} · request #{order.service_request_number}
                      </Anchor>
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {order.vendor_name ?? 'In-house'} · {REQUEST_STATUS_LABELS[order.request_status]}
                        {order.completed_at ? ` ${dates.date(order.completed_at)}` : ''}
                      </Text>
                    </Stack>
                    <Text fz="sm" fw={600}>
                      {formatCents(order.total_cents)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
