import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CorrectFuelEntryInput, VoidFuelEntryInput, type FuelEntry } from '../../../core/contracts/fleet-records.ts';
import { ECONOMY_UNIT_LABELS, FUEL_UNIT_LABELS } from '../../../core/fleet/fuel-economy.ts';
import { formatCents } from '../../../core/fleet/work-order-totals.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { placeFieldErrors, schemaProblems } from '../../lib/form-errors.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { centsToDollars } from './service-request-transitions.ts';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { useChangeFuelEntry, useFuelEntries } from './fleet-records-api.ts';
import { useVehicles } from './list-vehicles.ts';
import { vendorOptions } from './officer-options.ts';
import { FuelFields, fuelBody, localDateTime, problemKey, type FuelValues } from '../fuel-fields.tsx';

/** An entry's state in a word: void, an outlier (its reason beside it), a partial fill. */
export function FuelEntryBadge({ entry }: { entry: FuelEntry }) {
  if (entry.voided_at) return <StatusBadge color="gray">Void</StatusBadge>;
  if (entry.outlier) return <StatusBadge color="orange">Outlier</StatusBadge>;
  return <StatusBadge color={entry.full_tank ? 'green' : 'blue'}>{entry.full_tank ? 'Full' : 'Partial'}</StatusBadge>;
}

/** "14.2 gal" or "52.5 L". */
export const quantityLabel = (entry: Pick<FuelEntry, 'quantity' | 'unit'>) =>
  `${entry.quantity.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${FUEL_UNIT_LABELS[entry.unit].short}`;

/** Correct a typing slip (against the version the office saw) or void the entry with a reason. */
function FuelEntryDialog({ entry, onClose }: { entry: FuelEntry; onClose: () => void }) {
  const change = useChangeFuelEntry();
  const [values, setValues] = useState<FuelValues>({
    filled_at: localDateTime(entry.filled_at),
    quantity: String(entry.quantity),
    total: centsToDollars(entry.total_cents),
    odometer: String(entry.odometer),
    full_tank: entry.full_tank,
    vendor_id: entry.vendor_id,
    unit: entry.unit,
  });
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const set = <K extends keyof FuelValues>(key: K, value: FuelValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [problemKey(key)]: '' }));
  };
  const send = async (run: () => Promise<FuelEntry>, done: string) => {
    setError(null);
    try {
      await run();
      notifications.show({ color: 'green', title: 'Saved', message: done });
      onClose();
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else if (failure instanceof ApiError) {
        const { placed, unplaced } = placeFieldErrors({ ...fuelBody(values, entry.unit), reason }, failure.fields);
        setProblems(placed);
        setError(unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : errorMessage(failure));
      } else setError(errorMessage(failure));
    }
  };
  const correct = () => {
    const input = fuelBody(values, entry.unit);
    const found = schemaProblems(CorrectFuelEntryInput, input);
    setProblems(found);
    if (Object.keys(found).length === 0)
      void send(() => change.mutateAsync({ id: entry.id, version: entry.version, correct: input }), 'The fuel entry is corrected.');
  };
  const voidEntry = () => {
    const found = schemaProblems(VoidFuelEntryInput, { reason });
    setProblems(found);
    if (Object.keys(found).length === 0)
      void send(() => change.mutateAsync({ id: entry.id, version: entry.version, reason }), 'The fuel entry is void; it stays on record.');
  };
  return (
    <Modal opened onClose={onClose} title={`Fuel for unit ${entry.unit_number}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="fuel entry" onReload={onClose} reloading={false} /> : null}
        {entry.outlier ? (
          <Text fz="sm" fw={600}>
            Flagged: {entry.outlier}
          </Text>
        ) : null}
        <FormErrorAlert message={error} />
        <FuelFields values={values} set={set} problems={problems} unit={entry.unit} />
        <PersonPicker search={vendorOptions} label="Vendor" value={values.vendor_id} onChange={(id) => set('vendor_id', id)} clearable />
        <Group justify="flex-end">
          <Button onClick={correct} loading={change.isPending}>
            Save the correction
          </Button>
        </Group>
        <Textarea
          label="Reason to void it"
          description="A voided entry stays on record, out of the economy and the costs"
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblems((current) => ({ ...current, reason: '' }));
          }}
          error={problems.reason}
        />
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={voidEntry} loading={change.isPending}>
            Void the entry
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /fleet/admin/fuel: the fuel log, newest first, with each full fill's economy and the outliers named. */
export function FuelLogScreen() {
  const dates = useAgencyDates();
  const [show, setShow] = useState<'valid' | 'outliers' | 'voided'>('valid');
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<FuelEntry | null>(null);
  const vehicles = useVehicles({ page_size: 200, sort: 'unit_number', order: 'asc' });
  const entries = useFuelEntries({
    show,
    page,
    page_size: 50,
    ...(vehicleId ? { vehicle_id: vehicleId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const columns: ListColumn<FuelEntry>[] = [
    {
      label: 'When',
      card: 'title',
      cell: (entry) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen(entry)}
          aria-label={`Fuel of ${dates.dateTime(entry.filled_at)}, unit ${entry.unit_number}`}
        >
          {dates.dateTime(entry.filled_at)}
        </Button>
      ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Unit', cell: (entry) => entry.unit_number },
    { label: 'Quantity', cell: (entry) => quantityLabel(entry) },
    { label: 'Cost', cell: (entry) => formatCents(entry.total_cents) },
    { label: 'Odometer', cell: (entry) => entry.odometer.toLocaleString('en-US') },
    {
      label: 'Economy',
      cell: (entry) => (
        <>
          {entry.economy === null ? '—' : `${entry.economy} ${ECONOMY_UNIT_LABELS[entry.economy_unit]}`}
          {entry.outlier ? (
            <Text fz="xs" fw={600} data-testid="fuel-outlier">
              {entry.outlier}
            </Text>
          ) : null}
          {entry.void_reason ? <Text fz="xs">Void: {entry.void_reason}</Text> : null}
        </>
      ),
      td: { style: { overflowWrap: 'anywhere', maxWidth: '18rem' } },
    },
    { label: 'Vendor', cell: (entry) => entry.vendor_name ?? '—' },
    { label: 'Entered by', cell: (entry) => entry.entered_by_name ?? '—' },
    { label: 'State', card: 'status', cell: (entry) => <FuelEntryBadge entry={entry} /> },
  ];
  return (
    <FleetAdminPage
      title="Fuel"
      description={`Fill-ups officers logged, newest first. Economy is worked out between full fills; one far from the car’s median, or with the odometer going back, is flagged. Dates are the agency’s days (${dates.timeZone}).`}
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
    >
      <Stack gap="sm" component="search" aria-label="Filter the fuel log">
        <SegmentedControl
          aria-label="Which entries"
          value={show}
          onChange={(value) => filter(() => setShow(value as typeof show))}
          data={[
            { value: 'valid', label: 'Entries' },
            { value: 'outliers', label: 'Outliers' },
            { value: 'voided', label: 'With voided' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {show === 'outliers' && !from && !to ? (
          <Text fz="sm" c="dimmed" data-testid="outlier-window">
            Outliers of the last 12 months; choose dates to look further back.
          </Text>
        ) : null}
        <Group gap="sm" align="flex-end">
          <FilterSelect
            label="Vehicle"
            any="Any vehicle"
            searchable
            options={(vehicles.data?.items ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.unit_number }))}
            value={vehicleId}
            onChange={(id) => filter(() => setVehicleId(id))}
            width="11rem"
          />
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => filter(() => setFrom(event.currentTarget.value))}
            style={{ flex: '0 1 11rem' }}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => filter(() => setTo(event.currentTarget.value))}
            style={{ flex: '0 1 11rem' }}
          />
        </Group>
      </Stack>
      <ListView
        label="Fuel entries"
        query={entries}
        columns={columns}
        rowKey={(entry) => entry.id}
        rowTestId="fuel-row"
        loadingLabel="Loading the fuel log…"
        empty={
          show === 'outliers'
            ? { title: 'No outliers', children: 'No fill in this range looks wrong.' }
            : { title: 'No fuel entries', children: 'Fill-ups officers log from their phones show here.' }
        }
        minWidth={900}
        pager={{ page, pageSize: 50, onPage: setPage }}
      />
      {open ? <FuelEntryDialog entry={open} onClose={() => setOpen(null)} /> : null}
    </FleetAdminPage>
  );
}
