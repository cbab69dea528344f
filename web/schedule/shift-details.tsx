import { Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Shift } from '../../core/contracts/schedule.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useShiftHistory } from './schedule-calls.ts';
import { ShiftStatusBadge, Swatch } from './schedule-ui.tsx';
import { hoursText, longDate } from './schedule-times.ts';

/** A shift's details and the history of its changes (who, when and why), from the calendar. */
export function ShiftDetails({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const dates = useAgencyDates();
  const history = useShiftHistory(shift.id);
  return (
    <Modal opened onClose={onClose} title={`${shift.code} · ${shift.user_name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Group gap="xs">
          <Swatch color={shift.color} />
          <Text fz="sm">{longDate(shift.date)}</Text>
          <ShiftStatusBadge status={shift.status} />
        </Group>
        <Text fz="sm">
          {dates.dateTime(shift.starts_at)} to {dates.dateTime(shift.ends_at)} ({hoursText(shift.hours)})
        </Text>
        <Text fz="sm">
          {shift.position}
          {shift.group_name ? ` in ${shift.group_name}` : ''}
        </Text>
        {shift.note ? <Text fz="sm">Note: {shift.note}</Text> : null}
        <Text fw={600} fz="sm">
          History
        </Text>
        {history.isPending ? (
          <LoadingState label="Loading the history…" />
        ) : history.isError ? (
          <ErrorState message={errorMessage(history.error)} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No change since it was scheduled.
          </Text>
        ) : (
          <List fz="sm" spacing={4}>
            {history.data.map((change) => (
              <List.Item key={change.id}>
                {dates.dateTime(change.at)} · {change.actor_name}: {change.summary}
                {change.reason ? ` (why: ${change.reason})` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Modal>
  );
}
