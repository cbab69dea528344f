import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCar, IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { FuelEntryInput, type FuelEntry } from '../../core/contracts/fleet-records.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { FUEL_UNIT_LABELS } from '../../core/fleet/fuel-economy.ts';
import { formatCents } from '../../core/fleet/work-order-totals.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { ApiError, errorMessage } from '../lib/api-error.ts';
import { placeFieldErrors, schemaProblems } from '../lib/form-errors.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useCreateFuelEntry, useFuelVendors } from './create-fuel-entry.ts';
import { useFleetSettings } from './fleet-api.ts';
import { FleetPage } from './fleet-page.tsx';
import { VehiclePicker } from './vehicle-picker.tsx';

type FuelValues = {
  vehicle_id: string;
  filled_at: string;
  quantity: string;
  total: string;
  odometer: string;
  full_tank: boolean;
  vendor_id: string | null;
};

/** Now as a local date-time for the input. */
const nowInput = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const empty = (): FuelValues => ({
  vehicle_id: '',
  filled_at: nowInput(),
  quantity: '',
  total: '',
  odometer: '',
  full_tank: true,
  vendor_id: null,
});

/** What the form holds as the API's body: typed numbers as numbers (a blank is not a number), dollars as cents. */
export function fuelInputOf(values: FuelValues): FuelEntryInput {
  const number = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/[$,\s]/g, '')));
  return {
    vehicle_id: values.vehicle_id,
    filled_at: values.filled_at ? new Date(values.filled_at).toISOString() : '',
    quantity: number(values.quantity),
    total_cents: Math.round(number(values.total) * 100),
    odometer: number(values.odometer),
    full_tank: values.full_tank,
    vendor_id: values.vendor_id,
  };
}

/** The form's own checks (the contract's), every field at once; a vehicle is picked, not typed. */
export function fuelProblems(values: FuelValues): Record<string, string> {
  const problems = schemaProblems(FuelEntryInput, fuelInputOf(values));
  if (!values.vehicle_id) problems.vehicle_id = 'Pick the vehicle';
  return problems;
}

/** /fleet/fuel: an officer logs a fill-up from the phone; offline it waits in the outbox and is sent when back. */
export function FuelEntryScreen() {
  const settings = useFleetSettings();
  const vendors = useFuelVendors();
  const create = useCreateFuelEntry();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState<FuelValues>(empty);
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ sent: FuelEntry } | { queued: string } | null>(null);
  const [generation, setGeneration] = useState(0);
  const unit = FUEL_UNIT_LABELS[settings.data?.fuel_unit ?? 'gallon'];
  const set = <K extends keyof FuelValues>(key: K, value: FuelValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key === 'total' ? 'total_cents' : key]: '' }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setOutcome(null);
    const found = fuelProblems(values);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const input = fuelInputOf(values);
    const summary = `Fuel for unit ${vehicle?.unit_number ?? ''}: ${input.quantity} ${unit.short}`;
    create.mutate(
      { input, idempotencyKey: keys.keyFor(input), summary },
      {
        onSuccess: (result) => {
          keys.reset();
          setOutcome(result.kind === 'sent' ? { sent: result.answer } : { queued: result.item.summary });
          setValues(empty());
          setVehicle(null);
          setGeneration((current) => current + 1);
          window.scrollTo({ top: 0 });
        },
        onError: (failure) => {
          if (failure instanceof ApiError) {
            const { placed, unplaced } = placeFieldErrors(input, failure.fields);
            setProblems(placed as Record<string, string>);
            setFormError(unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : errorMessage(failure));
          } else setFormError(errorMessage(failure));
        },
      },
    );
  };
  return (
    <FleetPage title="Log fuel" description="Each fill-up of a car: how much, what it cost and the odometer." back>
      {outcome && 'sent' in outcome ? (
        <Alert color="green" variant="light" title="Fuel logged" icon={<IconCircleCheck aria-hidden />} role="status">
          Unit {outcome.sent.unit_number}: {outcome.sent.quantity} {FUEL_UNIT_LABELS[outcome.sent.unit].short},{' '}
          {formatCents(outcome.sent.total_cents)}
          {outcome.sent.economy !== null ? `, ${outcome.sent.economy} ${FUEL_UNIT_LABELS[outcome.sent.unit].economy}` : ''}.
        </Alert>
      ) : null}
      {outcome && 'queued' in outcome ? (
        <Alert color="blue" variant="light" title={`${outcome.queued}: not sent yet`} icon={<IconCloudOff aria-hidden />} role="status">
          Saved on this device; it will be sent when you are back online. It waits in the outbox at the top of the page.
        </Alert>
      ) : null}
      <Card key={generation} withBorder padding="md" component="form" onSubmit={submit} noValidate aria-labelledby="fuel-heading">
        <Stack gap="md">
          <Title order={2} fz="lg" id="fuel-heading">
            New fill-up
          </Title>
          {vehicle ? (
            <Group justify="space-between" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <IconCar aria-hidden size={20} />
                <Text fw={600}>Unit {vehicle.unit_number}</Text>
              </Group>
              <Button variant="subtle" size="sm" onClick={() => (setVehicle(null), set('vehicle_id', ''))}>
                Change vehicle
              </Button>
            </Group>
          ) : (
            <VehiclePicker
              label="Vehicle"
              preselectAssigned
              error={problems.vehicle_id || null}
              onPick={(picked) => {
                setVehicle(picked);
                set('vehicle_id', picked.id);
              }}
            />
          )}
          <TextInput
            type="datetime-local"
            label="When"
            size="md"
            value={values.filled_at}
            onChange={(event) => set('filled_at', event.currentTarget.value)}
            error={problems.filled_at}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={`Quantity (${unit.quantity})`}
              inputMode="decimal"
              size="md"
              withAsterisk
              value={values.quantity}
              onChange={(event) => set('quantity', event.currentTarget.value)}
              error={problems.quantity}
            />
            <TextInput
              label="Total cost (dollars)"
              inputMode="decimal"
              size="md"
              withAsterisk
              value={values.total}
              onChange={(event) => set('total', event.currentTarget.value)}
              error={problems.total_cents}
            />
          </SimpleGrid>
          <TextInput
            label="Odometer (miles)"
            inputMode="numeric"
            size="md"
            withAsterisk
            value={values.odometer}
            onChange={(event) => set('odometer', event.currentTarget.value)}
            error={problems.odometer}
          />
          <Checkbox
            label="Filled to the brim"
            size="md"
            checked={values.full_tank}
            onChange={(event) => set('full_tank', event.currentTarget.checked)}
          />
          <Select
            label="Where (optional)"
            placeholder={vendors.isPending ? 'Loading…' : 'Choose the station'}
            size="md"
            clearable
            data={(vendors.data ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))}
            value={values.vendor_id}
            onChange={(vendorId) => set('vendor_id', vendorId)}
            error={problems.vendor_id}
            comboboxProps={{ withinPortal: true }}
          />
          <FormErrorAlert message={formError} title="The fill-up was not logged" />
          <Group>
            <Button type="submit" size="md" loading={create.isPending}>
              Log the fill-up
            </Button>
          </Group>
        </Stack>
      </Card>
    </FleetPage>
  );
}
