import { Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ALLCALL_CHANNEL_LABELS, type AllcallDetail } from '../../../core/contracts/schedule-allcall.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useAllcall, useCancelAllcall } from './allcall-calls.ts';
import { AllcallResponseBadge, AllcallStatusBadge, callTitle, callWhen } from './allcall-ui.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** One call on the board: what it is for, who it asked through which channels, who answered what, when and how; cancel while open. */
export function AllcallDetailCard({ id }: { id: string }) {
  const call = useAllcall(id);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="allcall-detail-heading">
      {call.isPending ? (
        <LoadingState label="Loading the all-call…" />
      ) : call.isError ? (
        <ErrorState message={errorMessage(call.error)} onRetry={() => void call.refetch()} />
      ) : (
        <Detail call={call.data} />
      )}
    </Card>
  );
}

function Detail({ call }: { call: AllcallDetail }) {
  const dates = useAgencyDates();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelAllcall();
  const answered = call.recipients.filter((r) => r.response !== null).length;
  const filter = [
    call.group_names.length ? call.group_names.join(', ') : 'Any group',
    call.positions.length ? call.positions.join(', ') : 'any position',
    call.tiers.length ? `tier ${call.tiers.join(', ')}` : 'any tier',
  ].join(' · ');
  return (
    <Stack gap="sm" data-testid="allcall-detail">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz="lg" id="allcall-detail-heading">
          {callTitle(call)}
        </Title>
        <AllcallStatusBadge status={call.status} />
      </Group>
      <Text fz="sm">
        {call.shift_name} · {callWhen(call, dates)}
      </Text>
      {call.note ? <Text fz="sm">{call.note}</Text> : null}
      <Text fz="sm" c="dimmed">
        Sent by {call.created_by_name} at {dates.dateTime(call.created_at)} to {filter}. Replies until {dates.dateTime(call.closes_at)}.
      </Text>
      {call.status === 'filled' ? (
        <Text fw={700} data-testid="allcall-filled-by">
          Filled by {call.filled_by_name} at {dates.time(call.filled_at)}
        </Text>
      ) : null}
      <Text fz="sm" aria-live="polite">
        Asked {call.recipients.length}; {answered} answered.
      </Text>
      <TableScroll minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label={`Who all-call ${call.number} asked`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Officer</Table.Th>
              <Table.Th scope="col">Asked by</Table.Th>
              <Table.Th scope="col">Answer</Table.Th>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">How</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {call.recipients.map((recipient) => (
              <Table.Tr key={recipient.user_id}>
                <Table.Td>{recipient.name}</Table.Td>
                <Table.Td>
                  {recipient.channels
                    .map((channel) =>
                      channel === 'sms' && recipient.sms_last_digits
                        ? `${ALLCALL_CHANNEL_LABELS.sms} (…${recipient.sms_last_digits})`
                        : ALLCALL_CHANNEL_LABELS[channel],
                    )
                    .join(', ')}
                </Table.Td>
                <Table.Td>
                  <AllcallResponseBadge response={recipient.response} />
                </Table.Td>
                <Table.Td>{recipient.responded_at ? dates.time(recipient.responded_at) : ''}</Table.Td>
                <Table.Td>{recipient.via === 'sms' ? 'Text reply' : recipient.via === 'app' ? 'In the app' : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {call.status === 'open' ? (
        <Group justify="flex-end">
          <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setCancelling(true)}>
            Cancel the all-call
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={cancelling}
        title={`Cancel all-call ${call.number}?`}
        confirmLabel="Cancel it"
        color="red"
        busy={cancel.isPending}
        error={
          cancel.error
            ? isStaleVersion(cancel.error)
              ? 'Someone answered or changed this call since it was shown: look again, then cancel if it is still open.'
              : errorMessage(cancel.error)
            : null
        }
        onClose={() => {
          setCancelling(false);
          cancel.reset();
        }}
        onConfirm={() =>
          cancel.mutate(
            { id: call.id, version: call.version, input: { reason } },
            {
              onSuccess: () => setCancelling(false),
            },
          )
        }
      >
        <Stack gap="sm">
          <Text fz="sm">Everyone it asked is told it is no longer needed.</Text>
          <Textarea
            label="Why (optional)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={300}
            autosize
          />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
