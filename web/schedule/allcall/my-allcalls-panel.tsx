import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { AllcallOutcome, MyAllcall } from '../../../core/contracts/schedule-allcall.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { ErrorState } from '../../ui/states.tsx';
import { useMyAllcalls, useRespondAllcall } from './allcall-calls.ts';
import { AllcallStatusBadge, callTitle, callWhen } from './allcall-ui.tsx';

/**
 * "Urgent calls for you", at the top of /schedule: the all-calls sent to me whose shift is still to come,
 * each taken (or declined) in one click; a call filled by someone else shows so at once (realtime/v1).
 * Nothing at all when no call was sent to me.
 */
export function MyAllcallsPanel() {
  const calls = useMyAllcalls();
  if (calls.isError)
    return <ErrorState message={`Urgent calls could not be loaded: ${errorMessage(calls.error)}`} onRetry={() => void calls.refetch()} />;
  if (!calls.data || calls.data.length === 0) return null;
  const open = calls.data.filter((c) => c.status === 'open' && c.my_response !== 'declined').length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="urgent-calls-heading" className="precinct-allcall-panel">
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-red-filled)" />
          <Title order={2} fz="lg" id="urgent-calls-heading">
            Urgent calls for you
          </Title>
          {open > 0 ? (
            <Text fz="sm" c="dimmed">
              {open} waiting for your answer
            </Text>
          ) : null}
        </Group>
        {calls.data.map((call) => (
          <CallCard key={call.id} call={call} />
        ))}
      </Stack>
    </Card>
  );
}

const OUTCOME_MESSAGES: Record<AllcallOutcome, { color: string; title: string; message: string }> = {
  taken: { color: 'green', title: 'The shift is yours', message: 'It is on your schedule as overtime.' },
  filled: { color: 'yellow', title: 'Already filled', message: 'Someone accepted it first. Thank you.' },
  closed: { color: 'yellow', title: 'Too late', message: 'Replies to this call have closed. Thank you.' },
  cancelled: { color: 'gray', title: 'Cancelled', message: 'This call is no longer needed.' },
  declined: { color: 'gray', title: 'Noted', message: 'You will not be counted on for this one.' },
};

function CallCard({ call }: { call: MyAllcall }) {
  const dates = useAgencyDates();
  const respond = useRespondAllcall();
  const [error, setError] = useState<string | null>(null);
  // One key per answer on this screen: a second click, or the outbox's resend, is the same answer, which the server replays.
  const [keyBase] = useState(() => crypto.randomUUID());
  const title = callTitle(call);
  const answer = async (answer: 'accept' | 'decline') => {
    setError(null);
    try {
      const outcome = await respond.mutateAsync({
        id: call.id,
        input: { answer },
        key: `allcall-${keyBase}-${answer}`,
        summary: `${answer === 'accept' ? 'Take' : 'Decline'} all-call ${call.number}`,
      });
      if (outcome.kind === 'queued')
        notifications.show({
          color: 'yellow',
          title: 'Kept on this device',
          message: 'Your answer is sent when the connection is back; the first accepted in time gets the shift.',
        });
      else notifications.show(OUTCOME_MESSAGES[outcome.answer.outcome]);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const open = call.status === 'open';
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={title} data-testid="urgent-call">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{title}</Text>
          <AllcallStatusBadge status={call.status} />
        </Group>
        <Text fz="sm">
          {call.shift_name} · {callWhen(call, dates)}
        </Text>
        {call.note ? <Text fz="sm">{call.note}</Text> : null}
        {open ? (
          <Text fz="sm" c="dimmed">
            The first to accept gets it. Replies until {dates.dateTime(call.closes_at)}.
          </Text>
        ) : null}
        {call.mine ? (
          <Group gap={6}>
            <IconCheck size={16} aria-hidden color="var(--mantine-color-green-filled)" />
            <Text fz="sm" fw={600}>
              It is yours: on your schedule as overtime.
            </Text>
          </Group>
        ) : call.status === 'filled' ? (
          <Text fz="sm" fw={600}>
            Filled by {call.filled_by_name ?? 'a colleague'}.
          </Text>
        ) : call.my_response === 'declined' && open ? (
          <Text fz="sm">You said you cannot take it; you may still accept while it is open.</Text>
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert" title="Your answer was not taken">
            {error}
          </Alert>
        ) : null}
        {open ? (
          <Group gap="sm" wrap="wrap">
            <Button
              color="red"
              loading={respond.isPending && respond.variables?.input.answer === 'accept'}
              onClick={() => void answer('accept')}
            >
              Take this shift
            </Button>
            {call.my_response !== 'declined' ? (
              <Button variant="default" disabled={respond.isPending} onClick={() => void answer('decline')}>
                I can’t
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
