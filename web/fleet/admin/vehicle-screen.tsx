import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import {
  ChangeVehicleStatusInput,
  UpdateVehicleInput,
  VEHICLE_STATUSES,
  type Vehicle,
  type VehicleStatus,
} from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../../lib/form-errors.ts';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useChangeVehicleStatus } from './change-vehicle-status.ts';
import { VEHICLE_STATUS_LABELS, VehicleStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { isStaleVersion } from '../../lib/api.ts';
import { useFleetSettings } from '../fleet-api.ts';
import { useVehicle } from './get-vehicle.ts';
import { useVehicleTimeline } from './get-vehicle-timeline.ts';
import { useRecordOdometer } from './record-odometer.ts';
import { useUpdateVehicle, type VehicleChanges } from './update-vehicle.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { MaintenanceCard } from './maintenance-card.tsx';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { officerOptions } from './officer-options.ts';
import { VehiclePhotoCard } from './vehicle-photo-card.tsx';
import { VehicleCostsCard } from './vehicle-costs-card.tsx';
import { CostOfOwnershipCard, VehicleDocumentsCard } from './vehicle-records-cards.tsx';
import { wholeNumberKeyboard } from '../../ui/whole-number-keyboard.ts';

type DetailValues = {
  unit_number: string;
  vehicle_type: string;
  make: string;
  model: string;
  year: number | string;
  vin: string;
  plate: string;
  plate_state: string;
  assigned_user_id: string | null;
  assigned_group: string;
  equipment: string;
  notes: string;
};

function valuesOf(vehicle: Vehicle): DetailValues {
  return {
    unit_number: vehicle.unit_number,
    vehicle_type: vehicle.vehicle_type,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vin: vehicle.vin ?? '',
    plate: vehicle.plate ?? '',
    plate_state: vehicle.plate_state ?? '',
    assigned_user_id: vehicle.assigned_user_id,
    assigned_group: vehicle.assigned_group ?? '',
    equipment: vehicle.equipment.join('\n'),
    notes: vehicle.notes ?? '',
  };
}

/** Only what changed (the server audits each change). */
export function vehicleChangesOf(before: DetailValues, after: DetailValues): VehicleChanges {
  const changes: VehicleChanges = {};
  if (after.unit_number !== before.unit_number) changes.unit_number = after.unit_number;
  if (after.vehicle_type !== before.vehicle_type) changes.vehicle_type = after.vehicle_type;
  if (after.make !== before.make) changes.make = after.make;
  if (after.model !== before.model) changes.model = after.model;
  if (after.year !== before.year) changes.year = typeof after.year === 'number' ? after.year : Number.NaN;
  if (after.vin !== before.vin) changes.vin = after.vin;
  if (after.plate !== before.plate) changes.plate = after.plate;
  if (after.plate_state !== before.plate_state) changes.plate_state = after.plate_state;
  if (after.assigned_user_id !== before.assigned_user_id) changes.assigned_user_id = after.assigned_user_id;
  if (after.assigned_group !== before.assigned_group) changes.assigned_group = after.assigned_group;
  if (after.equipment !== before.equipment)
    changes.equipment = after.equipment
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  if (after.notes !== before.notes) changes.notes = after.notes;
  return changes;
}

function DetailsForm({ vehicle, onReload, reloading }: { vehicle: Vehicle; onReload: () => Promise<unknown>; reloading: boolean }) {
  const settings = useFleetSettings();
  const update = useUpdateVehicle();
  const [saved, setSaved] = useState({ version: vehicle.version, values: valuesOf(vehicle) });
  const [stale, setStale] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // What changed, checked by the contract on submit, every field at once.
  const form = useForm<DetailValues>({
    initialValues: valuesOf(vehicle),
    validate: (values) => schemaProblems(UpdateVehicleInput, vehicleChangesOf(saved.values, values)),
  });

  // A newer version arrived (a status change, an odometer reading): taken in unless the form has unsaved changes.
  if (vehicle.version !== saved.version && !stale) {
    if (!form.isDirty()) {
      setSaved({ version: vehicle.version, values: valuesOf(vehicle) });
      form.setValues(valuesOf(vehicle));
      form.resetDirty(valuesOf(vehicle));
    } else if (JSON.stringify(valuesOf(vehicle)) === JSON.stringify(saved.values)) {
      // Only something outside this form changed (the photo, the status, the odometer): the typing stays and saves.
      setSaved({ version: vehicle.version, values: saved.values });
    }
  }

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const input = vehicleChangesOf(saved.values, values);
    if (Object.keys(input).length === 0) return;
    try {
      const updated = await update.mutateAsync({ id: vehicle.id, input, version: saved.version });
      setSaved({ version: updated.version, values: valuesOf(updated) });
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      notifications.show({ color: 'green', title: 'Saved', message: `Unit ${updated.unit_number} was updated.` });
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else setFormError(applyServerErrors(form, error));
    }
  }, focusFirstProblem(form));

  const reloadTheirs = async () => {
    const result = (await onReload()) as { data?: Vehicle } | undefined;
    setStale(false);
    if (result?.data) {
      setSaved({ version: result.data.version, values: valuesOf(result.data) });
      form.setValues(valuesOf(result.data));
      form.resetDirty(valuesOf(result.data));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="vehicle-details">
            Details
          </Title>
          {stale ? <StaleVersionAlert what="vehicle" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Unit number" required {...form.getInputProps('unit_number')} />
            <Select
              label="Type"
              required
              data={(settings.data?.vehicle_types ?? [{ key: vehicle.vehicle_type, label: vehicle.vehicle_type }]).map((type) => ({
                value: type.key,
                label: type.label,
              }))}
              {...form.getInputProps('vehicle_type')}
              onChange={(value) => form.setFieldValue('vehicle_type', value ?? '')}
              allowDeselect={false}
            />
            <TextInput label="Make" required {...form.getInputProps('make')} />
            <TextInput label="Model" required {...form.getInputProps('model')} />
            <NumberInput
              label="Year"
              required
              min={1950}
              max={2100}
              allowDecimal={false}
              ref={wholeNumberKeyboard}
              {...form.getInputProps('year')}
            />
            <TextInput label="VIN" maxLength={17} {...form.getInputProps('vin')} />
            <TextInput label="Plate" {...form.getInputProps('plate')} />
            <TextInput label="Plate state" maxLength={2} {...form.getInputProps('plate_state')} />
            <PersonPicker
              search={officerOptions}
              label="Assigned officer"
              placeholder="Nobody: type a name"
              value={form.values.assigned_user_id}
              onChange={(userId) => form.setFieldValue('assigned_user_id', userId)}
              error={typeof form.errors.assigned_user_id === 'string' ? form.errors.assigned_user_id : null}
            />
            <TextInput label="Assigned group" {...form.getInputProps('assigned_group')} />
          </SimpleGrid>
          <Textarea label="Equipment" description="One item a line" autosize minRows={2} {...form.getInputProps('equipment')} />
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function StatusCard({ vehicle }: { vehicle: Vehicle }) {
  const change = useChangeVehicleStatus();
  const [formError, setFormError] = useState<string | null>(null);
  const options = VEHICLE_STATUSES.filter((candidate) => candidate !== vehicle.status);
  const form = useForm<{ status: VehicleStatus | null; reason: string }>({
    initialValues: { status: null, reason: '' },
    validate: (values) => schemaProblems(ChangeVehicleStatusInput, values),
  });

  const save = form.onSubmit(async (values) => {
    setFormError(null);
    const status = values.status as VehicleStatus;
    try {
      await change.mutateAsync({ id: vehicle.id, status, reason: values.reason.trim() });
      notifications.show({
        color: 'green',
        title: 'Status changed',
        message: `Unit ${vehicle.unit_number} is ${VEHICLE_STATUS_LABELS[status].toLowerCase()}.`,
      });
      form.reset();
    } catch (failure) {
      setFormError(applyServerErrors(form, failure));
    }
  }, focusFirstProblem(form));

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-status">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg" id="vehicle-status">
              Status
            </Title>
            <VehicleStatusBadge status={vehicle.status} />
          </Group>
          {vehicle.status_reason ? (
            <Text fz="sm" c="dimmed">
              {vehicle.status_reason}
            </Text>
          ) : null}
          <FormErrorAlert message={formError} />
          <Select
            label="Change to"
            placeholder="Choose a status"
            data={options.map((value) => ({ value, label: VEHICLE_STATUS_LABELS[value] }))}
            {...form.getInputProps('status')}
          />
          <Textarea label="Reason" description="Kept on the vehicle’s timeline" autosize minRows={2} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change status
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function OdometerCard({ vehicle }: { vehicle: Vehicle }) {
  const record = useRecordOdometer();
  const [reading, setReading] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    if (typeof reading !== 'number') return setError('Enter the reading in whole miles.');
    try {
      await record.mutateAsync({ id: vehicle.id, reading });
      setReading('');
      notifications.show({
        color: 'green',
        title: 'Odometer recorded',
        message: `${reading.toLocaleString('en-US')} miles on unit ${vehicle.unit_number}.`,
      });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-odometer">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-odometer">
          Odometer
        </Title>
        <Text fz="sm">Now {vehicle.odometer.toLocaleString('en-US')} miles.</Text>
        <NumberInput
          label="New reading (miles)"
          min={0}
          allowDecimal={false}
          ref={wholeNumberKeyboard}
          thousandSeparator=","
          value={reading}
          onChange={setReading}
          error={error ?? undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void save()} loading={record.isPending}>
            Record reading
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const KIND_LABELS = {
  status: 'Status',
  odometer: 'Odometer',
  squad_check: 'Squad check',
  service_request: 'Service request',
  work_order: 'Work order',
} as const;

function VehicleTimeline({ vehicleId }: { vehicleId: string }) {
  const timeline = useVehicleTimeline(vehicleId);
  const dates = useAgencyDates();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-timeline">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-timeline">
          Timeline
        </Title>
        {timeline.isPending ? (
          <LoadingState label="Loading the timeline…" />
        ) : timeline.data === undefined ? (
          <ErrorState message={errorMessage(timeline.error)} onRetry={() => void timeline.refetch()} />
        ) : timeline.data.pages[0]!.items.length === 0 ? (
          <EmptyState title="Nothing yet">
            Status changes, odometer readings, squad checks, service requests and work orders show here.
          </EmptyState>
        ) : (
          <>
            <Timeline bulletSize={14} lineWidth={2} active={-1}>
              {timeline.data.pages
                .flatMap((page) => page.items)
                .map((entry, index) => (
                  <Timeline.Item
                    key={`${entry.at}-${index}`}
                    title={
                      <Group gap="xs" wrap="wrap">
                        <Badge variant="outline" color="gray" c="var(--mantine-color-text)">
                          {KIND_LABELS[entry.kind]}
                        </Badge>
                        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {entry.summary}
                        </Text>
                      </Group>
                    }
                  >
                    <Text fz="xs" c="dimmed">
                      {dates.dateTime(entry.at)}
                      {entry.actor_name ? ` · ${entry.actor_name}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
            </Timeline>
            {timeline.isFetchNextPageError ? (
              <ErrorState
                title="Older entries could not be loaded"
                message={errorMessage(timeline.error)}
                onRetry={() => void timeline.fetchNextPage()}
              />
            ) : timeline.hasNextPage ? (
              <Group>
                <Button variant="default" size="sm" loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
                  Show older entries
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /fleet/admin/vehicle/{vehicle_id}: a vehicle's details, status, odometer, costs, preventive maintenance and timeline. */
export function VehicleScreen() {
  const { vehicle_id: vehicleId = '' } = useParams({ strict: false });
  const vehicle = useVehicle(vehicleId);
  const settings = useFleetSettings();
  const title = vehicle.data ? `Unit ${vehicle.data.unit_number}` : 'Vehicle';
  return (
    <FleetAdminPage
      title={title}
      description={
        vehicle.data
          ? `${vehicle.data.year} ${vehicle.data.make} ${vehicle.data.model} · ${labelOf(settings.data?.vehicle_types, vehicle.data.vehicle_type)}`
          : undefined
      }
      breadcrumbs={[
        { label: 'Fleet office', to: '/fleet/admin' },
        { label: 'Vehicles', to: '/fleet/admin/vehicle' },
      ]}
    >
      {vehicle.isPending ? (
        <LoadingState label="Loading the vehicle…" />
      ) : vehicle.isError ? (
        <ErrorState message={errorMessage(vehicle.error)} onRetry={() => void vehicle.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md" miw={0}>
            <VehiclePhotoCard vehicle={vehicle.data} onReload={() => vehicle.refetch()} reloading={vehicle.isFetching} />
            <DetailsForm vehicle={vehicle.data} onReload={() => vehicle.refetch()} reloading={vehicle.isFetching} />
          </Stack>
          <Stack gap="md" miw={0}>
            <StatusCard vehicle={vehicle.data} />
            <OdometerCard vehicle={vehicle.data} />
            <VehicleCostsCard vehicleId={vehicle.data.id} />
            <CostOfOwnershipCard vehicleId={vehicle.data.id} />
            <VehicleDocumentsCard
              key={vehicle.data.version}
              vehicle={vehicle.data}
              onReload={() => vehicle.refetch()}
              reloading={vehicle.isFetching}
            />
            <MaintenanceCard vehicle={vehicle.data} />
            <VehicleTimeline vehicleId={vehicle.data.id} />
          </Stack>
        </SimpleGrid>
      )}
    </FleetAdminPage>
  );
}
