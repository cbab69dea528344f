import { Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { SHIFT_LABELS, SHIFTS } from '../../core/contracts/fto.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useBinder, useCreateDor } from './fto-calls.ts';
import { deviceToday, FtoPage } from './fto-ui.tsx';

/**
 * /fto/binder/{id}/dors/create: the trainer names the shift; the DOR starts as a draft on the server (so
 * a closed tab loses nothing) and opens as a form to rate.
 */
export function CreateDorScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const create = useCreateDor();
  const navigate = useNavigate();
  const [shiftDate, setShiftDate] = useState(deviceToday);
  const [shift, setShift] = useState<(typeof SHIFTS)[number]>('day');
  const [key] = useState(() => crypto.randomUUID());
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    setFields({});
    try {
      const dor = await create.mutateAsync({ binderId, input: { shift_date: shiftDate, shift }, key });
      await navigate({ to: '/fto/binder/$binder_id/dors/view/$dor_id', params: { binder_id: binderId, dor_id: dor.id }, replace: true });
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
              void start();
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
