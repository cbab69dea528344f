import { Anchor, Box, Button, Group, Select, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconCar, IconDownload, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { VEHICLE_STATUSES, type VehicleStatus } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { StoredPhoto } from '../photo-field.tsx';
import { AddVehicleDialog } from './add-vehicle-dialog.tsx';
import { downloadVehiclesCsv } from './download-vehicles-csv.ts';
import { VEHICLE_STATUS_LABELS, VehicleStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { vehiclesApiQuery, type VehicleSort, type VehiclesSearch } from './fleet-search.ts';
import { SearchBox } from '../../lib/search-box.tsx';
import { toggleSort } from '../../lib/url-search.ts';
import { useFleetSettings } from './get-fleet-settings.ts';
import { useVehicles } from './list-vehicles.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { TablePager } from '../../ui/table-pager.tsx';

function SortableHeader(props: { column: VehicleSort; state: VehiclesSearch; onSort: (column: VehicleSort) => void; children: ReactNode }) {
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

/** /fleet/admin/vehicle: the agency's vehicles, a page at a time; add, filter, sort and export them. */
export function VehiclesScreen() {
  const state = useSearch({ from: '/_app/fleet/admin/vehicle' });
  const navigate = useNavigate();
  const go = (next: VehiclesSearch, replace = false) => void navigate({ to: '/fleet/admin/vehicle', search: next, replace });
  const settings = useFleetSettings();
  const dates = useAgencyDates();

  const query = vehiclesApiQuery(state);
  const vehicles = useVehicles(query);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const sort = (column: VehicleSort) => go(toggleSort(state, column));
  const filtered = state.q.trim() !== '' || state.status !== null || state.vehicle_type !== null;
  const total = vehicles.data?.total ?? 0;
  const types = settings.data?.vehicle_types;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadVehiclesCsv(query);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <FleetAdminPage
      title="Vehicles"
      description="Every vehicle of the agency. Vehicles are never deleted: retire one to take it off the road for good."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
      actions={
        <>
          <Button leftSection={<IconPlus aria-hidden size={18} />} onClick={() => setAdding(true)}>
            Add a vehicle
          </Button>
          <Button variant="default" leftSection={<IconDownload aria-hidden size={18} />} loading={exporting} onClick={() => void exportCsv()} disabled={total === 0}>
            Export CSV
          </Button>
        </>
      }
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter vehicles">
        <SearchBox placeholder="Unit number, plate, VIN, make or model" value={state.q} onSearch={(q) => go({ ...state, q, page: 1 }, true)} />
        <Select
          label="Status"
          data={[{ value: 'all', label: 'Any status' }, ...VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] }))]}
          value={state.status ?? 'all'}
          onChange={(value) => go({ ...state, status: value && value !== 'all' ? (value as VehicleStatus) : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label="Type"
          data={[{ value: 'all', label: 'Any type' }, ...(types ?? []).map((type) => ({ value: type.key, label: type.label }))]}
          value={state.vehicle_type ?? 'all'}
          onChange={(value) => go({ ...state, vehicle_type: value && value !== 'all' ? value : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
      </Group>

      {vehicles.isPending ? (
        <LoadingState label="Loading vehicles…" />
      ) : vehicles.isError ? (
        <ErrorState message={errorMessage(vehicles.error)} onRetry={() => void vehicles.refetch()} />
      ) : vehicles.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No vehicle matches' : 'No vehicles yet'}>{filtered ? 'Try another search or filter.' : 'Add the agency’s vehicles one at a time.'}</EmptyState>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={880}>
            <Table striped verticalSpacing="xs" aria-label="Vehicles" aria-busy={vehicles.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={56}>
                    <VisuallyHidden>Photo</VisuallyHidden>
                  </Table.Th>
                  <SortableHeader column="unit_number" state={state} onSort={sort}>
                    Unit
                  </SortableHeader>
                  <SortableHeader column="vehicle_type" state={state} onSort={sort}>
                    Type
                  </SortableHeader>
                  <SortableHeader column="make" state={state} onSort={sort}>
                    Make and model
                  </SortableHeader>
                  <SortableHeader column="year" state={state} onSort={sort}>
                    Year
                  </SortableHeader>
                  <SortableHeader column="status" state={state} onSort={sort}>
                    Status
                  </SortableHeader>
                  <SortableHeader column="odometer" state={state} onSort={sort}>
                    Odometer
                  </SortableHeader>
                  <Table.Th scope="col">Plate</Table.Th>
                  <Table.Th scope="col">Last squad check</Table.Th>
                  <Table.Th scope="col">Open requests</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vehicles.data.items.map((vehicle) => (
                  <Table.Tr key={vehicle.id} data-testid="vehicle-row">
                    <Table.Td py={4}>
                      {vehicle.photo_id ? (
                        <StoredPhoto id={vehicle.photo_id} alt={`Unit ${vehicle.unit_number}`} size={40} />
                      ) : (
                        <Box w={40} h={40} style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-default-hover)' }}>
                          <IconCar aria-hidden size={20} stroke={1.5} />
                        </Box>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: vehicle.id }} />} fw={600} fz="sm">
                        {vehicle.unit_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{labelOf(types, vehicle.vehicle_type)}</Table.Td>
                    <Table.Td>
                      {vehicle.make} {vehicle.model}
                    </Table.Td>
                    <Table.Td>{vehicle.year}</Table.Td>
                    <Table.Td>
                      <VehicleStatusBadge status={vehicle.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{vehicle.odometer.toLocaleString('en-US')} mi</Table.Td>
                    <Table.Td>{vehicle.plate ? `${vehicle.plate}${vehicle.plate_state ? ` (${vehicle.plate_state})` : ''}` : ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{vehicle.last_squad_check_at ? dates.dateTime(vehicle.last_squad_check_at) : <Text span c="dimmed" fz="sm">Never</Text>}</Table.Td>
                    <Table.Td>{vehicle.open_service_requests}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager page={state.page} pageSize={state.page_size} total={total} onPage={(page) => go({ ...state, page })} onPageSize={(pageSize) => go({ ...state, page_size: pageSize, page: 1 })} />
        </Stack>
      )}
      <AddVehicleDialog opened={adding} onClose={() => setAdding(false)} />
    </FleetAdminPage>
  );
}
