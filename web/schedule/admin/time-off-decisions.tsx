import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  DecideTimeOffInput,
  TIME_OFF_STATUS_LABELS,
  TIME_OFF_STATUSES,
  type TimeOffRequest,
  type TimeOffStatus,
} from '../../../core/contracts/schedule.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useDecideTimeOff, useTimeOffRequests } from '../schedule-calls.ts';
import { TimeOffStatusBadge } from '../schedule-ui.tsx';
import { hoursText, longDate, shortDate } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';

/**
 * Time-off requests for whoever decides them (scheduling:pto.manage): those waiting first, each with
 * approve or deny and a note the officer reads. Approving takes the officer's shifts in those days off
 * the roster (which may open gaps) and counts the hours against their balance.
 */
export function TimeOffDecisions({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const [status, setStatus] = useState<TimeOffStatus | null>('pending');
  const requests = useTimeOffRequests({ scope: 'all', ...(status ? { status } : {}), page });
  const dates = useAgencyDates();
  const [deciding, setDeciding] = useState<{ request: TimeOffRequest; decision: 'approve' | 'deny' } | null>(null);
  const columns: ListColumn<TimeOffRequest>[] = [
    { label: 'Officer', card: 'title', cell: (row) => row.user_name },
    {
      label: 'Days',
      cell: (row) => (row.starts_on === row.ends_on ? shortDate(row.starts_on) : `${shortDate(row.starts_on)} – ${shortDate(row.ends_on)}`),
    },
    { label: 'Type', cell: (row) => row.type_name },
    { label: 'Hours', cell: (row) => hoursText(row.hours) },
    { label: 'Note', cell: (row) => row.note },
    { label: 'Asked', cell: (row) => dates.date(row.created_at) },
    { label: 'Status', card: 'status', cell: (row) => <TimeOffStatusBadge status={row.status} /> },
    {
      label: 'Decision',
      cell: (row) => (row.decided_by_name ? `${row.decided_by_name}${row.decision_note ? `: ${row.decision_note}` : ''}` : ''),
    },
  ];
  return (
    <Stack gap="sm">
      <Group>
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            onPage(1);
          }}
          options={TIME_OFF_STATUSES.map((value) => ({ value, label: TIME_OFF_STATUS_LABELS[value] }))}
          any="Any status"
        />
      </Group>
      <ListView
        label="Time-off requests"
        query={requests}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId="time-off-request"
        loadingLabel="Loading the requests…"
        empty={{
          title: status === 'pending' ? 'No request waiting' : 'No request',
          children: status === 'pending' ? 'Requests officers send show here for a decision.' : 'Nothing matches.',
        }}
        minWidth={900}
        pager={{ page, pageSize: requests.data?.page_size ?? 25, onPage }}
        actions={(row) =>
          row.status === 'pending' ? (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                onClick={() => setDeciding({ request: row, decision: 'approve' })}
                aria-label={`Approve ${row.user_name}’s request`}
              >
                Approve
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setDeciding({ request: row, decision: 'deny' })}
                aria-label={`Deny ${row.user_name}’s request`}
              >
                Deny
              </Button>
            </Group>
          ) : null
        }
      />
      {deciding ? <DecideDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </Stack>
  );
}

function DecideDialog({ request, decision, onClose }: { request: TimeOffRequest; decision: 'approve' | 'deny'; onClose: () => void }) {
  const decide = useDecideTimeOff();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    const problem =
      schemaProblems(DecideTimeOffInput, { decision, note }).note ?? (decision === 'deny' && !note.trim() ? 'Say why it is denied' : null);
    setNoteError(problem);
    if (problem) return;
    try {
      await decide.mutateAsync({ id: request.id, version: request.version, input: { decision, note: note.trim() } });
      notifications.show({
        color: 'green',
        title: decision === 'approve' ? 'Approved' : 'Denied',
        message: `${request.user_name} gets a notification.`,
      });
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.fields.note) setNoteError(failure.fields.note);
      else
        setError(
          isStaleVersion(failure)
            ? 'The request was changed or cancelled meanwhile: close this and look at it again.'
            : errorMessage(failure),
        );
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${decision === 'approve' ? 'Approve' : 'Deny'} ${request.user_name}’s time off`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {request.type_name}, {longDate(request.starts_on)}
          {request.ends_on !== request.starts_on ? ` to ${longDate(request.ends_on)}` : ''} ({hoursText(request.hours)}).
          {decision === 'approve' ? ' Their shifts in those days come off the roster and the hours off their balance.' : ''}
        </Text>
        <Textarea
          label="Note for the officer"
          description={decision === 'deny' ? 'Say why, and what could work instead.' : 'Optional.'}
          required={decision === 'deny'}
          error={noteError}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-autofocus
        />
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={decision === 'approve' ? 'green' : 'red'} loading={decide.isPending} onClick={() => void submit()}>
            {decision === 'approve' ? 'Approve' : 'Deny'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
