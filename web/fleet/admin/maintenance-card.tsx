import { Badge, Button, Card, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MaintenanceIntervalInput, type Vehicle } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerErrors, focusFirstProblem, schemaProblems } from '../../lib/form-errors.ts';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useAddMaintenance } from './add-maintenance.ts';
import { labelOf } from './fleet-admin-page.tsx';
import { useFleetSettings } from '../fleet-api.ts';
import { useVehicleMaintenance } from './list-maintenance.ts';
import { describeMaintenance, MAINTENANCE_BADGE } from './maintenance-status.ts';
import { useUpdateMaintenance } from './update-maintenance.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { wholeNumberKeyboard } from '../../ui/whole-number-keyboard.ts';

type IntervalValues = { category: string; every_miles: number | string; every_days: number | string };

/** What the form holds, as the API's body (a blank interval as none). */
function intervalInputOf(values: IntervalValues): MaintenanceIntervalInput {
  return {
    category: values.category,
    every_miles: typeof values.every_miles === 'number' ? values.every_miles : null,
    every_days: typeof values.every_days === 'number' ? values.every_days : null,
  };
}

/** Preventive maintenance of one vehicle: each service's interval, where it stands, and adding one. */
export function MaintenanceCard({ vehicle }: { vehicle: Vehicle }) {
  const maintenance = useVehicleMaintenance(vehicle.id);
  const settings = useFleetSettings();
  const dates = useAgencyDates();
  const add = useAddMaintenance();
  const update = useUpdateMaintenance();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<IntervalValues>({
    initialValues: { category: '', every_miles: '', every_days: '' },
    validate: (values) => schemaProblems(MaintenanceIntervalInput, intervalInputOf(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await add.mutateAsync({ vehicleId: vehicle.id, input: intervalInputOf(values) });
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Interval added',
        message: `${labelOf(settings.data?.service_categories, values.category)} is now tracked for unit ${vehicle.unit_number}.`,
      });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  }, focusFirstProblem(form));

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-maintenance">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-maintenance">
          Preventive maintenance
        </Title>
        {maintenance.isPending ? (
          <LoadingState label="Loading the service intervals…" />
        ) : maintenance.isError ? (
          <ErrorState message={errorMessage(maintenance.error)} onRetry={() => void maintenance.refetch()} />
        ) : maintenance.data.length === 0 ? (
          <EmptyState title="No service intervals yet">
            Add one below, e.g. an oil change every 5,000 miles; completing a service request of that kind resets it.
          </EmptyState>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Service intervals">
            {maintenance.data.map((item) => {
              const badge = MAINTENANCE_BADGE[item.state];
              return (
                <Group key={item.id} component="li" justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} fz="sm">
                        {labelOf(settings.data?.service_categories, item.category)}
                      </Text>
                      {item.active ? (
                        // Text in the page's own colour: the light badge colours are too faint to read on their tint.
                        <Badge color={badge.color} variant="light" c="var(--mantine-color-text)">
                          {badge.label}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text fz="sm">{describeMaintenance(item)}</Text>
                    <Text fz="xs" c="dimmed">
                      Every{' '}
                      {[
                        item.every_miles ? `${item.every_miles.toLocaleString('en-US')} mi` : null,
                        item.every_days ? `${item.every_days} days` : null,
                      ]
                        .filter(Boolean)
                        .join(' or ')}{' '}
                      · last done {dates.date(item.last_done_at)} at {item.last_done_odometer.toLocaleString('en-US')} mi
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    loading={update.isPending && update.variables?.item.id === item.id}
                    onClick={() =>
                      update.mutate(
                        { item, changes: { active: !item.active } },
                        { onError: (error) => notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) }) },
                      )
                    }
                  >
                    {item.active ? 'Stop tracking' : 'Track again'}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
        <form onSubmit={submit} noValidate aria-label="Add a service interval">
          <Stack gap="xs">
            {formError ? <FormErrorAlert message={formError} /> : null}
            <Select
              label="Service"
              placeholder="Choose a service"
              data={(settings.data?.service_categories ?? []).map((c) => ({ value: c.key, label: c.label }))}
              {...form.getInputProps('category')}
              onChange={(value) => form.setFieldValue('category', value ?? '')}
            />
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput
                label="Every (miles)"
                min={100}
                allowDecimal={false}
                ref={wholeNumberKeyboard}
                thousandSeparator=","
                {...form.getInputProps('every_miles')}
              />
              <NumberInput
                label="Every (days)"
                min={1}
                allowDecimal={false}
                ref={wholeNumberKeyboard}
                {...form.getInputProps('every_days')}
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" variant="default" loading={add.isPending}>
                Add interval
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
