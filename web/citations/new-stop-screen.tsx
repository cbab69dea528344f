import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useCreateStop } from './citations-calls.ts';
import { CitationsPage } from './citations-ui.tsx';
import { agencyNow, emptyStop } from './stop-model.ts';

/**
 * /citations/new: starts a stop at once, under an id chosen on this device, dated now on the agency's
 * clock, and opens its form. Without a connection the stop waits in the outbox and the form opens all
 * the same (it is written on the device until the connection is back).
 */
export function NewStopScreen() {
  const create = useCreateStop();
  const navigate = useNavigate();
  const { timeZone } = useAgencyDates();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const start = async () => {
    setFailure(null);
    try {
      const { id, outcome } = await create.mutateAsync({ input: emptyStop(agencyNow(timeZone)), key: crypto.randomUUID() });
      await navigate({ to: '/citations/stops/$stop_id', params: { stop_id: id }, replace: true });
      if (outcome.kind === 'queued')
        notifications.show({
          color: 'blue',
          title: 'Started on this device',
          message: 'There is no connection: the stop is kept here and reaches the server when Precinct does. Write it meanwhile.',
        });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  useEffect(() => {
    // Once, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <CitationsPage title="New stop" breadcrumbs={[{ label: 'Citations', to: '/citations' }]}>
      {failure ? (
        <ErrorState title="The stop could not be started" message={failure} onRetry={() => void start()} />
      ) : (
        <LoadingState label="Starting the stop…" />
      )}
    </CitationsPage>
  );
}
