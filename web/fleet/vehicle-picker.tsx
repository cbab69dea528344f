import { Card, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCar, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { VehicleStatusBadge } from './fleet-badges.tsx';
import { useVehicleSearch } from './search-vehicles.ts';

/**
 * Picking a vehicle on a phone: a search by unit number or plate, and the matches as big buttons
 * (the officer's own cars first, as the server sorts them). Retired cars are not offered.
 */
export function VehiclePicker({ label, onPick, error }: { label: string; onPick: (vehicle: Vehicle) => void; error?: string | null }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const vehicles = useVehicleSearch(debounced);
  const listId = useId();
  const usable = (vehicles.data?.items ?? []).filter((vehicle) => vehicle.status !== 'retired');
  return (
    <Stack gap="sm">
      <TextInput
        label={label}
        description="Search by unit number or plate"
        placeholder="Unit or plate"
        size="md"
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        leftSection={<IconSearch aria-hidden size={18} />}
        aria-controls={listId}
        error={error ?? undefined}
        autoComplete="off"
        inputMode="search"
      />
      <div id={listId}>
        {vehicles.isPending ? (
          <LoadingState label="Loading vehicles…" />
        ) : vehicles.isError ? (
          <ErrorState message={errorMessage(vehicles.error)} onRetry={() => void vehicles.refetch()} />
        ) : usable.length === 0 ? (
          <EmptyState title={debounced.trim() ? `No vehicle matches “${debounced.trim()}”` : 'No vehicles'}>
            {debounced.trim() ? 'Check the unit number or plate.' : 'The fleet office has not added any vehicles yet.'}
          </EmptyState>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Vehicles">
            {usable.map((vehicle) => (
              <li key={vehicle.id}>
                {/* Named by what it shows (unit, plate, car, status), so that the name contains the visible text (WCAG 2.5.3). */}
                <UnstyledButton onClick={() => onPick(vehicle)} w="100%">
                  <Card withBorder padding="md" mih={64} className="fleet-pick">
                    {/* Every word of the car reads in full: the line wraps, and on a narrow phone the status moves below it. */}
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 auto' }}>
                        <IconCar aria-hidden size={24} style={{ flex: 'none' }} />
                        <Stack gap={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
                          <Text fw={650} fz="lg">
                            Unit {vehicle.unit_number}
                          </Text>
                          <Text fz="sm" c="dimmed">
                            {vehicle.plate ? `${vehicle.plate} · ` : ''}
                            {vehicle.year} {vehicle.make} {vehicle.model}
                          </Text>
                        </Stack>
                      </Group>
                      <VehicleStatusBadge status={vehicle.status} />
                    </Group>
                  </Card>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
