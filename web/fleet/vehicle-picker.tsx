import { Card, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCar, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { VehicleStatusBadge } from './fleet-badges.tsx';
import { useFleetHome } from './get-fleet-home.ts';
import { useVehicleSearch } from './search-vehicles.ts';
import { pinVehicles, type Pin } from './vehicle-pins.ts';

const PIN_LABELS: Record<Pin, string> = { assigned: 'Assigned to you', recent: 'You checked it recently' };

/**
 * Picking a vehicle on a phone: a search by unit number or plate, and the matches as big buttons. The
 * officer's own cars are on top (the one assigned to them, then those they checked lately: the fleet
 * home's list, which the device keeps for offline use); with `preselectAssigned` the assigned car is
 * marked and focused, so one tap or Enter starts with it. Retired cars are not offered.
 */
export function VehiclePicker({
  label,
  onPick,
  error,
  preselectAssigned = false,
}: {
  label: string;
  onPick: (vehicle: Vehicle) => void;
  error?: string | null;
  preselectAssigned?: boolean;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const vehicles = useVehicleSearch(debounced);
  const home = useFleetHome();
  const { session } = useAuthState();
  const listId = useId();
  const searching = debounced.trim() !== '';
  // Without the officer's own cars (the home's answer failed) the picker still offers every car.
  const usable = pinVehicles(vehicles.data?.items ?? [], home.data?.vehicles ?? [], session?.user.id ?? null, searching);
  const preselected = preselectAssigned && !searching && usable[0]?.pin === 'assigned' ? usable[0].vehicle.id : null;
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
        {/* The officer's own cars are waited for while they load (not while offline with none kept). */}
        {vehicles.isPending || (home.isPending && home.fetchStatus === 'fetching') ? (
          <LoadingState label="Loading vehicles…" />
        ) : vehicles.isError ? (
          <ErrorState message={errorMessage(vehicles.error)} onRetry={() => void vehicles.refetch()} />
        ) : usable.length === 0 ? (
          <EmptyState title={debounced.trim() ? `No vehicle matches “${debounced.trim()}”` : 'No vehicles'}>
            {debounced.trim() ? 'Check the unit number or plate.' : 'The fleet office has not added any vehicles yet.'}
          </EmptyState>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Vehicles">
            {usable.map(({ vehicle, pin }) => (
              <li key={vehicle.id}>
                {/* Named by what it shows (unit, plate, car, why it is on top, status), so that the name contains the visible text (WCAG 2.5.3). */}
                <UnstyledButton onClick={() => onPick(vehicle)} w="100%" autoFocus={vehicle.id === preselected}>
                  <Card
                    withBorder
                    padding="md"
                    mih={64}
                    className="fleet-pick"
                    style={
                      vehicle.id === preselected
                        ? { borderColor: 'var(--mantine-color-blue-filled)', boxShadow: 'inset 0 0 0 1px var(--mantine-color-blue-filled)' }
                        : undefined
                    }
                  >
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
                          {pin ? (
                            <Text fz="sm" fw={pin === 'assigned' ? 650 : 500}>
                              {PIN_LABELS[pin]}
                            </Text>
                          ) : null}
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
