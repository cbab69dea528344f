import { Anchor, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCar, IconDownload, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { VEHICLE_STATUSES, type Vehicle } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StoredPhoto } from '../../ui/stored-photo.tsx';
import { AddVehicleDialog } from './add-vehicle-dialog.tsx';
import { downloadVehiclesCsv } from './download-vehicles-csv.ts';
import { VEHICLE_STATUS_LABELS, VehicleStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { vehiclesApiQuery, type VehicleSort, type VehiclesSearch } from './fleet-search.ts';
import { SearchBox } from '../../lib/search-box.tsx';
import { ListView, listControls, type ListColumn } from '../../lib/list-view.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { useFleetSettings } from '../fleet-api.ts';
import { useVehicles } from './list-vehicles.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

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
  const filtered = state.q.trim() !== '' || state.status !== null || state.vehicle_type !== null;
  const total = vehicles.data?.total ?? 0;
  const types = settings.data?.vehicle_types;

  const columns: ListColumn<Vehicle, VehicleSort>[] = [
    {
      label: 'Photo',
      header: <VisuallyHidden>Photo</VisuallyHidden>,
      card: 'media',
      th: { w: 56 },
      td: { py: 4 },
      cell: (vehicle) =>
        vehicle.photo_id ? (
          <StoredPhoto id={vehicle.photo_id} alt={`Unit ${vehicle.unit_number}`} size={40} />
        ) : (
          <Box
            w={40}
            h={40}
            style={{
              display: 'grid',
              placeItems: 'center',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <IconCar aria-hidden size={20} stroke={1.5} />
          </Box>
        ),
    },
    {
      label: 'Unit',
      sort: 'unit_number',
      card: 'title',
      cell: (vehicle) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/fleet/admin/vehicle/$vehicle_id" params={{ vehicle_id: vehicle.id }} />}
          fw={600}
          fz="sm"
        >
          {vehicle.unit_number}
        </Anchor>
      ),
    },
    { label: 'Type', sort: 'vehicle_type', cell: (vehicle) => labelOf(types, vehicle.vehicle_type) },
    {
      label: 'Make and model',
      sort: 'make',
      cell: (vehicle) => (
        <>
          {vehicle.make} {vehicle.model}
        </>
      ),
      cardCell: (vehicle) => `${vehicle.make} ${vehicle.model}`,
    },
    { label: 'Year', sort: 'year', cell: (vehicle) => vehicle.year },
    {
      label: 'Status',
      sort: 'status',
      card: 'status',
      cell: (vehicle) => <VehicleStatusBadge status={vehicle.status} />,
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      label: 'Odometer',
      sort: 'odometer',
      cell: (vehicle) => `${vehicle.odometer.toLocaleString('en-US')} mi`,
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      label: 'Plate',
      cell: (vehicle) => (vehicle.plate ? `${vehicle.plate}${vehicle.plate_state ? ` (${vehicle.plate_state})` : ''}` : ''),
      // A plate is read as one word: "PCT 4101 (IL)" broken over three lines is not a plate any more.
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      label: 'Last squad check',
      cell: (vehicle) =>
        vehicle.last_squad_check_at ? (
          dates.dateTime(vehicle.last_squad_check_at)
        ) : (
          <Text span c="dimmed" fz="sm">
            Never
          </Text>
        ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Open requests', cell: (vehicle) => vehicle.open_service_requests },
  ];

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
      <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter vehicles">
        <SearchBox
          placeholder="Unit number, plate, VIN, make or model"
          value={state.q}
          onSearch={(q) => go({ ...state, q, page: 1 }, true)}
        />
        <FilterSelect
          label="Status"
          any="Any status"
          options={VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] }))}
          value={state.status}
          onChange={(status) => go({ ...state, status, page: 1 })}
        />
        <FilterSelect
          label="Type"
          any="Any type"
          options={(types ?? []).map((type) => ({ value: type.key, label: type.label }))}
          value={state.vehicle_type}
          onChange={(vehicleType) => go({ ...state, vehicle_type: vehicleType, page: 1 })}
        />
      </Group>

      <ListView
        label="Vehicles"
        query={vehicles}
        columns={columns}
        rowKey={(vehicle) => vehicle.id}
        rowTestId="vehicle-row"
        loadingLabel="Loading vehicles…"
        empty={
          filtered
            ? { title: 'No vehicle matches', children: 'Try another search or filter.' }
            : { title: 'No vehicles yet', children: 'Add the agency’s vehicles one at a time.' }
        }
        minWidth={880}
        {...listControls(state, go)}
      />
      <AddVehicleDialog opened={adding} onClose={() => setAdding(false)} />
    </FleetAdminPage>
  );
}
