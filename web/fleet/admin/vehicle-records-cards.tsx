import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Vehicle } from '../../../core/contracts/fleet.ts';
import { VEHICLE_DOCUMENT_LABELS, VEHICLE_DOCUMENTS, VehicleDocumentsInput } from '../../../core/contracts/fleet-records.ts';
import { formatCents } from '../../../core/fleet/work-order-totals.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { placeFieldErrors, schemaProblems } from '../../lib/form-errors.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useCostOfOwnership, useSetVehicleDocuments } from './fleet-records-api.ts';
import { PeriodPicker, usePeriodStart, type Period } from './period-picker.tsx';

type DocumentValues = Record<'registration_expires_on' | 'insurance_expires_on' | 'inspection_expires_on', string>;

const valuesOf = (vehicle: Vehicle): DocumentValues => ({
  registration_expires_on: vehicle.registration_expires_on ?? '',
  insurance_expires_on: vehicle.insurance_expires_on ?? '',
  inspection_expires_on: vehicle.inspection_expires_on ?? '',
});

/** The vehicle's papers: the last day its registration, insurance and inspection are valid, kept by the office. */
export function VehicleDocumentsCard({
  vehicle,
  onReload,
  reloading,
}: {
  vehicle: Vehicle;
  onReload: () => Promise<unknown>;
  reloading: boolean;
}) {
  const save = useSetVehicleDocuments();
  const [values, setValues] = useState<DocumentValues>(valuesOf(vehicle));
  const [problems, setProblems] = useState<Partial<DocumentValues>>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const input = {
    registration_expires_on: values.registration_expires_on || null,
    insurance_expires_on: values.insurance_expires_on || null,
    inspection_expires_on: values.inspection_expires_on || null,
  };
  const submit = async () => {
    setError(null);
    const found = schemaProblems(VehicleDocumentsInput, input) as Partial<DocumentValues>;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: vehicle.id, input, version: vehicle.version });
      setValues(valuesOf(saved));
      notifications.show({ color: 'green', title: 'Saved', message: `The papers of unit ${saved.unit_number} are up to date.` });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else if (failure instanceof ApiError) {
        const { placed, unplaced } = placeFieldErrors(values, failure.fields);
        setProblems(placed);
        setError(unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : errorMessage(failure));
      } else setError(errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-documents">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-documents">
          Papers
        </Title>
        <Text fz="sm" c="dimmed">
          The last day each is valid. The fleet office is reminded 30 days, 7 days and the day before it lapses.
        </Text>
        {stale ? (
          <StaleVersionAlert
            what="vehicle"
            reloading={reloading}
            onReload={() =>
              void onReload().then((result) => {
                setStale(false);
                const data = (result as { data?: Vehicle } | undefined)?.data;
                if (data) setValues(valuesOf(data));
              })
            }
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {VEHICLE_DOCUMENTS.map((document) => {
            const field = `${document}_expires_on` as keyof DocumentValues;
            return (
              <TextInput
                key={document}
                type="date"
                label={`${VEHICLE_DOCUMENT_LABELS[document]} valid until`}
                value={values[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                  setProblems((current) => ({ ...current, [field]: undefined }));
                }}
                error={problems[field]}
              />
            );
          })}
        </SimpleGrid>
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void submit()} loading={save.isPending}>
            Save the papers
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the vehicle cost over a period: repairs (work orders) and fuel, and per mile from its odometer readings. */
export function CostOfOwnershipCard({ vehicleId }: { vehicleId: string }) {
  const [period, setPeriod] = useState<Period>(usePeriodStart('year'));
  const cost = useCostOfOwnership(vehicleId, { from: period.from, to: period.to });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-ownership">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-ownership">
          Cost of ownership
        </Title>
        <PeriodPicker value={period} onChange={setPeriod} label="Period of the cost of ownership" />
        {cost.isPending ? (
          <LoadingState label="Loading the cost of ownership…" />
        ) : cost.isError ? (
          <ErrorState message={errorMessage(cost.error)} onRetry={() => void cost.refetch()} />
        ) : (
          <Table fz="sm" verticalSpacing={4} data-testid="cost-of-ownership">
            <Table.Caption>
              {cost.data.from} to {cost.data.to}
            </Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Repairs and maintenance</Table.Th>
                <Table.Td ta="right">{formatCents(cost.data.maintenance_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Fuel</Table.Th>
                <Table.Td ta="right">{formatCents(cost.data.fuel_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatCents(cost.data.total_cents)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Miles driven</Table.Th>
                <Table.Td ta="right">{cost.data.miles === null ? 'No readings' : cost.data.miles.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Cost per mile</Table.Th>
                <Table.Td ta="right">
                  {cost.data.cost_per_mile_cents === null ? '—' : formatCents(Math.round(cost.data.cost_per_mile_cents))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
