import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { FuelEntryInput, type FuelEntry } from '../../core/contracts/fleet-records.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { ECONOMY_UNIT_LABELS, FUEL_UNIT_LABELS, type FuelUnit } from '../../core/fleet/fuel-economy.ts';
import { formatCents } from '../../core/fleet/work-order-totals.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { ApiError, errorMessage } from '../lib/api-error.ts';
import { placeFieldErrors, schemaProblems } from '../lib/form-errors.ts';
import { FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useCreateFuelEntry, useFuelVendors } from './create-fuel-entry.ts';
import { useFleetSettings } from './fleet-api.ts';
import { FleetPage } from './fleet-page.tsx';
import { centsToDollars } from './admin/service-request-transitions.ts';
import { parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { useRefusedItem } from '../lib/outbox/outbox.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { FuelFields, fuelBody, localDateTime, problemKey, type FuelValues } from './fuel-fields.tsx';
import { VehiclePicker } from './vehicle-picker.tsx';

type EntryValues = FuelValues & { vehicle_id: string };

const empty = (): EntryValues => ({
  vehicle_id: '',
  filled_at: localDateTime(),
  quantity: '',
  total: '',
  odometer: '',
  full_tank: true,
  vendor_id: null,
  unit: null,
});

/** What the form holds as the API's body, the quantity in the unit shown (`unit` unless switched). */
export function fuelInputOf(values: EntryValues, unit: FuelUnit = 'gallon'): FuelEntryInput {
  return { vehicle_id: values.vehicle_id, ...fuelBody(values, unit) };
}

/** The form's own checks (the contract's), every field at once; a vehicle is picked, not typed. */
export function fuelProblems(values: EntryValues): Record<string, string> {
  const problems = schemaProblems(FuelEntryInput, fuelInputOf(values));
  if (!values.vehicle_id) problems.vehicle_id = 'Pick the vehicle';
  return problems;
}

/** A refused fill from the outbox, with what was sent; null when its body is not a fuel entry. */
type RefusedFill = { item: OutboxItem; input: FuelEntryInput };

function valuesOfRefused(refused: RefusedFill): EntryValues {
  const { input } = refused;
  return {
    vehicle_id: input.vehicle_id,
    filled_at: input.filled_at ? localDateTime(input.filled_at) : localDateTime(),
    quantity: String(input.quantity),
    total: centsToDollars(input.total_cents),
    odometer: String(input.odometer),
    full_tank: input.full_tank,
    vendor_id: input.vendor_id ?? null,
    unit: input.unit ?? null,
  };
}

/**
 * /fleet/fuel: an officer logs a fill-up from the phone; offline it waits in the outbox and is sent when
 * back. `?outbox=<id>`: a fill the server refused after it waited, opened with what was typed and the
 * server's messages beside the fields, to fix and send again.
 */
export function FuelEntryScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const refused = useRefusedItem(typeof search.outbox === 'string' ? search.outbox : null);
  if (refused.loading)
    return (
      <FleetPage title="Log fuel" back>
        <LoadingState label="Loading the fill-up…" />
      </FleetPage>
    );
  const input = refused.item ? parseKeptBody(FuelEntryInput, refused.item.body) : null;
  return <FuelEntryForm refused={refused.item && input ? { item: refused.item, input } : null} />;
}

function FuelEntryForm({ refused }: { refused: RefusedFill | null }) {
  const navigate = useNavigate();
  const [fixing, setFixing] = useState(refused);
  const settings = useFleetSettings();
  const vendors = useFuelVendors();
  const create = useCreateFuelEntry();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState<EntryValues>(() => (refused ? valuesOfRefused(refused) : empty()));
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>(() =>
    refused ? (placeFieldErrors(refused.input, refused.item.fields).placed as Record<string, string>) : {},
  );
  const [formError, setFormError] = useState<string | null>(() =>
    refused ? placeFieldErrors(refused.input, refused.item.fields).unplaced.join(' ') || null : null,
  );
  const startAfresh = () => {
    setFixing(null);
    setValues(empty());
    setProblems({});
    setFormError(null);
    setGeneration((current) => current + 1);
    void navigate({ to: '/fleet/fuel', replace: true });
  };
  const [outcome, setOutcome] = useState<{ sent: FuelEntry } | { queued: string } | null>(null);
  const [generation, setGeneration] = useState(0);
  // Until the settings load (or offline without them) the form shows gallons and sends what it shows; the
  // officer sees the unit beside the quantity and may switch it.
  const agencyUnit: FuelUnit = settings.data?.fuel_unit ?? 'gallon';
  const unit = FUEL_UNIT_LABELS[values.unit ?? agencyUnit];
  const set = <K extends keyof FuelValues>(key: K, value: FuelValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [problemKey(key)]: '' }));
  };
  const setVehicleId = (vehicleId: string) => {
    setValues((current) => ({ ...current, vehicle_id: vehicleId }));
    setProblems((current) => ({ ...current, vehicle_id: '' }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setOutcome(null);
    const found = fuelProblems(values);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const input = fuelInputOf(values, agencyUnit);
    const summary = `Fuel for unit ${vehicle?.unit_number ?? ''}: ${input.quantity} ${unit.short}`;
    create.mutate(
      { input, idempotencyKey: keys.keyFor(input), summary, replaces: fixing?.item.id },
      {
        onSuccess: (result) => {
          keys.reset();
          if (fixing) {
            setFixing(null);
            void navigate({ to: '/fleet/fuel', replace: true });
          }
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
          {outcome.sent.economy !== null ? `, ${outcome.sent.economy} ${ECONOMY_UNIT_LABELS[outcome.sent.economy_unit]}` : ''}.
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
          {fixing ? <RefusedItemAlert item={fixing.item} onDiscarded={startAfresh} /> : null}
          {vehicle || values.vehicle_id ? (
            <Group justify="space-between" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <IconCar aria-hidden size={20} />
                <Text fw={600}>{vehicle ? `Unit ${vehicle.unit_number}` : 'The chosen vehicle'}</Text>
              </Group>
              <Button variant="subtle" size="sm" onClick={() => (setVehicle(null), setVehicleId(''))}>
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
                setVehicleId(picked.id);
              }}
            />
          )}
          <FuelFields values={values} set={(key, value) => set(key, value)} problems={problems} unit={agencyUnit} size="md" />
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
