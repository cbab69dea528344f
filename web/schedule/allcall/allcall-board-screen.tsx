import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { AllcallSummary } from '../../../core/contracts/schedule-allcall.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { TablePager } from '../../ui/table-pager.tsx';
import { useScheduleSetup } from '../schedule-calls.ts';
import { SchedulePage } from '../schedule-ui.tsx';
import { useAllcalls } from './allcall-calls.ts';
import { AllcallDetailCard } from './allcall-detail.tsx';
import { AllcallForm } from './allcall-form.tsx';
import type { AllcallSearch } from './allcall-search.ts';
import { AllcallStatusBadge, callWhen } from './allcall-ui.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

/**
 * /schedule/admin/allcall, the live board: send an urgent open shift to the officers a filter reaches;
 * the calls, those still taking answers first; for one call who was asked through which channels, who
 * answered what, when and how, and who filled it. Everything on it follows realtime/v1, so a call
 * filled from a phone shows filled here without a reload.
 */
export function AllcallBoardScreen() {
  const state = useSearch({ from: '/_app/schedule/admin/allcall' });
  const navigate = useNavigate();
  const go = (next: AllcallSearch) => void navigate({ to: '/schedule/admin/allcall', search: next });
  const setup = useScheduleSetup();
  const [sending, setSending] = useState(false);
  return (
    <SchedulePage
      title="All-call"
      breadcrumbs={[
        { label: 'Schedule', to: '/schedule' },
        { label: 'Scheduler', to: '/schedule/admin' },
      ]}
      description="Broadcast an urgent open shift; the first officer to accept gets it."
      actions={
        <Button color="red" leftSection={<IconSpeakerphone size={16} aria-hidden />} onClick={() => setSending(true)} disabled={sending}>
          Send an all-call
        </Button>
      }
    >
      <Stack gap="md">
        {sending ? (
          setup.isPending ? (
            <LoadingState label="Loading the schedule…" />
          ) : setup.isError ? (
            <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
          ) : (
            <AllcallForm
              setup={setup.data}
              onClose={() => setSending(false)}
              onSent={(call) => {
                setSending(false);
                go({ call: call.id, page: 1 });
              }}
            />
          )
        ) : null}
        {state.call ? <AllcallDetailCard id={state.call} /> : null}
        <CallList state={state} go={go} />
      </Stack>
    </SchedulePage>
  );
}

function CallList({ state, go }: { state: AllcallSearch; go: (next: AllcallSearch) => void }) {
  const calls = useAllcalls(state.page);
  const dates = useAgencyDates();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="allcalls-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="allcalls-heading">
          Calls
        </Title>
        {calls.isPending ? (
          <LoadingState label="Loading the all-calls…" />
        ) : calls.isError ? (
          <ErrorState message={errorMessage(calls.error)} onRetry={() => void calls.refetch()} />
        ) : calls.data.items.length === 0 ? (
          <EmptyState title="No all-call yet">Send one when a shift must be filled now: the first officer to accept gets it.</EmptyState>
        ) : (
          <>
            <TableScroll minWidth={560}>
              <Table verticalSpacing="xs" highlightOnHover aria-label="All-calls, open first">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Call</Table.Th>
                    <Table.Th scope="col">Shift</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Asked</Table.Th>
                    <Table.Th scope="col">Filled by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {calls.data.items.map((call) => (
                    <Row key={call.id} call={call} when={callWhen(call, dates)} selected={call.id === state.call} state={state} />
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            {calls.data.total > calls.data.page_size ? (
              <TablePager
                page={state.page}
                pageSize={calls.data.page_size}
                total={calls.data.total}
                onPage={(page) => go({ ...state, page })}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Row({ call, when, selected, state }: { call: AllcallSummary; when: string; selected: boolean; state: AllcallSearch }) {
  return (
    <Table.Tr aria-current={selected ? 'true' : undefined} data-testid="allcall-row">
      <Table.Td>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/schedule/admin/allcall" search={{ ...state, call: call.id }} />}
          fw={650}
          className="precinct-tap"
        >
          All-call {call.number}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">
          {call.code} {call.position} · {when}
        </Text>
      </Table.Td>
      <Table.Td>
        <AllcallStatusBadge status={call.status} />
      </Table.Td>
      <Table.Td>
        {call.asked}
        {call.declined > 0 ? ` (${call.declined} declined)` : ''}
      </Table.Td>
      <Table.Td>{call.filled_by_name ?? ''}</Table.Td>
    </Table.Tr>
  );
}
