import { Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { SHIFT_LABELS, SHIFTS } from '../../core/contracts/fto.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useBinder, useCreateDor } from './fto-calls.ts';
import { deviceToday, FtoPage } from './fto-ui.tsx';

/**
 * /fto/binder/{id}/dors/create: the trainer names the shift; the DOR starts as a draft on the server (so
 * a closed tab loses nothing) and opens as a form to rate. Without a connection it starts in the
 * device's outbox under the id chosen here, and its form opens from the binder the device kept.
 */
export function CreateDorScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const create = useCreateDor();
  const navigate = useNavigate();
  const [shiftDate, setShiftDate] = useState(deviceToday);
  const [shift, setShift] = useState<(typeof SHIFTS)[number]>('day');
  const [{ key, id }] = useState(() => ({ key: crypto.randomUUID(), id: crypto.randomUUID() }));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const start = async (trainee: string, startDate: string) => {
    setError(null);
    // Checked here too, so a DOR that waits in the outbox is not refused later for what the device knows.
    if (shiftDate > deviceToday())
      return setFields({ shift_date: 'A DOR is written for a shift already worked: choose today or an earlier day' });
    if (shiftDate < startDate) return setFields({ shift_date: `The training started on ${startDate}` });
    setFields({});
    try {
      const outcome = await create.mutateAsync({
        binderId,
        input: { id, shift_date: shiftDate, shift },
        key,
        summary: `DOR for ${trainee} (${shiftDate}, ${SHIFT_LABELS[shift].toLowerCase()} shift)`,
      });
      await navigate({ to: '/fto/binder/$binder_id/dors/view/$dor_id', params: { binder_id: binderId, dor_id: id }, replace: true });
      if (outcome.kind === 'queued')
        notifications.show({
          color: 'blue',
          title: 'Started on this device',
          message: 'There is no connection: the DOR waits in the outbox and reaches the server when Precinct does. Write it meanwhile.',
        });
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length) setFields(failure.fields);
      else setError(errorMessage(failure));
    }
  };
  const name = binder.data?.trainee_name;
  return (
    <FtoPage
      title={name ? `New DOR for ${name}` : 'New daily observation report'}
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
      ]}
    >
      {binder.isPending ? (
        <LoadingState label="Loading the binder…" />
      ) : binder.isError ? (
        <ErrorState message={errorMessage(binder.error)} onRetry={() => void binder.refetch()} />
      ) : !binder.data.can.write_dor ? (
        <ErrorState
          title="You cannot write a DOR here"
          message={`Only a trainer of ${binder.data.trainee_name} writes DORs in this binder, while it is open.`}
        />
      ) : (
        <Card withBorder radius="md" padding="md" maw={560}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void start(binder.data.trainee_name, binder.data.start_date);
            }}
          >
            <Stack gap="sm">
              <Text fz="sm">
                {binder.data.phase_name}. The DOR is saved as a draft as you write it; only you see it until you complete it.
              </Text>
              <TextInput
                type="date"
                label="Shift date"
                required
                value={shiftDate}
                onChange={(e) => setShiftDate(e.currentTarget.value)}
                error={fields.shift_date}
              />
              <NativeSelect
                label="Shift"
                data={SHIFTS.map((s) => ({ value: s, label: SHIFT_LABELS[s] }))}
                value={shift}
                onChange={(e) => setShift(e.currentTarget.value as (typeof SHIFTS)[number])}
                error={fields.shift}
              />
              <FormErrorAlert message={error} />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  Start the DOR
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </FtoPage>
  );
}
