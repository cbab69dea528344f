import { Alert, Button, Card, Group, List, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { TimeOffInput, type TimeOffPreview, type TimeOffRequest } from '../../core/contracts/schedule.ts';
import { errorMessage } from '../lib/api-error.ts';
import { IdempotencyKeys, isStaleVersion } from '../lib/api.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { applyServerErrors, placeFieldErrors } from '../lib/form-errors.ts';
import { ListView, type ListColumn } from '../lib/list-view.tsx';
import { useOnline } from '../lib/online.ts';
import { parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { refusalMessage } from '../lib/outbox/outbox-rules.ts';
import { useRefusedItem } from '../lib/outbox/outbox.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { previewTimeOff, useBalances, useCancelTimeOff, useRequestTimeOff, useTimeOffRequests, useTimeOffTypes } from './schedule-calls.ts';
import { TimeOffStatusBadge } from './schedule-ui.tsx';
import { agencyToday, hoursText, longDate, shortDate } from './schedule-times.ts';

/**
 * Time off on /schedule: my balances, a request with its staffing-impact preview (which of my shifts
 * it takes off and which of them would leave a shift below its minimum, blocked dates, the daily cap,
 * my balance after) shown before it is sent, and my requests with a way to cancel.
 */
export function TimeOffPanel({ timeZone, outboxId }: { timeZone: string; outboxId: string | null }) {
  return (
    <Stack gap="md">
      <Balances />
      <RequestForm timeZone={timeZone} outboxId={outboxId} />
      <MyRequests timeZone={timeZone} />
    </Stack>
  );
}

function Balances() {
  const balances = useBalances();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="balances-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="balances-heading">
          My balances
        </Title>
        {balances.isPending ? (
          <LoadingState label="Loading your balances…" />
        ) : balances.isError ? (
          <ErrorState message={errorMessage(balances.error)} onRetry={() => void balances.refetch()} />
        ) : balances.data.length === 0 ? (
          <EmptyState title="No time-off type yet">The agency’s administrator sets up the types of time off.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="balances">
            {balances.data.map((balance) => (
              <Card key={balance.type_id} withBorder radius="sm" padding="xs">
                <Text fz="sm" fw={600}>
                  {balance.type_name}
                </Text>
                <Text fz="xl" fw={700}>
                  {hoursText(balance.balance_hours)}
                </Text>
                {balance.pending_hours > 0 ? (
                  <Text fz="xs" c="dimmed">
                    {hoursText(balance.pending_hours)} asked for, not decided yet
                  </Text>
                ) : null}
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

type RequestValues = { type_id: string; starts_on: string; ends_on: string; hours: number | undefined; note: string };
const EMPTY: RequestValues = { type_id: '', starts_on: '', ends_on: '', hours: undefined, note: '' };

const validateRequest = (() => {
  const resolver = zod4Resolver(TimeOffInput);
  return (values: RequestValues) => {
    const errors: Record<string, string> = { ...resolver(values) } as Record<string, string>;
    if (!values.type_id) errors.type_id = 'Choose the type of time off';
    if (!values.starts_on) errors.starts_on = 'Choose the first day';
    if (!values.ends_on) errors.ends_on = 'Choose the last day';
    return errors;
  };
})();

function RequestForm({ timeZone, outboxId }: { timeZone: string; outboxId: string | null }) {
  const types = useTimeOffTypes();
  const online = useOnline();
  const request = useRequestTimeOff();
  const [keys] = useState(() => new IdempotencyKeys());
  const refused = useRefusedItem(outboxId);
  const form = useForm<RequestValues>({ initialValues: EMPTY, validate: validateRequest });
  const [preview, setPreview] = useState<{ of: string; answer: TimeOffPreview } | null>(null);
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const today = agencyToday(timeZone);
  const asked = JSON.stringify(form.values);
  const current = preview?.of === asked ? preview.answer : null;

  // A request the outbox could not send opens here with what was typed and why it was refused.
  const refusedItem = refused.item;
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (!refusedItem) return;
    const body = parseKeptBody(TimeOffInput, refusedItem.body);
    if (!body) return;
    const values = { type_id: body.type_id, starts_on: body.starts_on, ends_on: body.ends_on, hours: body.hours, note: body.note };
    setValues(values);
    setErrors(placeFieldErrors(values, refusedItem.fields).placed);
  }, [refusedItem, setValues, setErrors]);

  const check = async () => {
    setFormError(null);
    if (form.validate().hasErrors) return;
    setChecking(true);
    try {
      setPreview({ of: asked, answer: await previewTimeOff(TimeOffInput.parse(form.values)) });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    } finally {
      setChecking(false);
    }
  };

  const send = form.onSubmit(async (values) => {
    setFormError(null);
    const input = TimeOffInput.parse(values);
    const typeName = types.data?.find((type) => type.id === values.type_id)?.name ?? 'Time off';
    try {
      const outcome = await request.mutateAsync({
        input,
        key: keys.keyFor(input),
        summary: `${typeName} ${shortDate(values.starts_on)} to ${shortDate(values.ends_on)}`,
        ...(refusedItem ? { replaces: refusedItem.id } : {}),
      });
      keys.reset();
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      setPreview(null);
      notifications.show({
        color: outcome.kind === 'sent' ? 'green' : 'yellow',
        title: outcome.kind === 'sent' ? 'Request sent' : 'Kept on this device',
        message:
          outcome.kind === 'sent'
            ? 'Your scheduler decides on it; you get a notification when they do.'
            : 'It is sent when the connection is back (see the outbox).',
      });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  const typeOptions = (types.data ?? []).filter((type) => !type.archived).map((type) => ({ value: type.id, label: type.name }));
  const blocking = current ? current.blocked.length > 0 || current.capped_dates.length > 0 : false;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="request-heading">
      <form onSubmit={send} noValidate aria-labelledby="request-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="request-heading">
            Ask for time off
          </Title>
          {refusedItem ? (
            <Alert color="red" variant="light" role="alert" title="This request was refused when it was sent">
              {refusalMessage(refusedItem)} Fix it below and send it again.
            </Alert>
          ) : null}
          {types.isError ? <ErrorState message={errorMessage(types.error)} onRetry={() => void types.refetch()} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Type"
              required
              placeholder={types.isPending ? 'Loading…' : 'Choose a type'}
              data={typeOptions}
              key={form.key('type_id')}
              {...form.getInputProps('type_id')}
              onChange={(value) => form.setFieldValue('type_id', value ?? '')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              type="date"
              label="First day"
              required
              min={today}
              key={form.key('starts_on')}
              {...form.getInputProps('starts_on')}
            />
            <TextInput
              type="date"
              label="Last day"
              required
              min={form.values.starts_on || today}
              key={form.key('ends_on')}
              {...form.getInputProps('ends_on')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Hours"
              description="Only when none of your shifts falls in these days (a training day); otherwise your shifts’ hours count."
              min={0}
              max={744}
              decimalScale={2}
              key={form.key('hours')}
              {...form.getInputProps('hours')}
              value={form.values.hours ?? ''}
              onChange={(value) => form.setFieldValue('hours', typeof value === 'number' ? value : undefined)}
            />
            <Textarea
              label="Note for the scheduler"
              autosize
              minRows={2}
              style={{ gridColumn: 'span 2' }}
              key={form.key('note')}
              {...form.getInputProps('note')}
            />
          </SimpleGrid>
          <FormErrorAlert message={formError} />
          {current ? <PreviewResult preview={current} /> : null}
          {!online ? (
            <Alert color="yellow" variant="light" icon={<IconCloudOff aria-hidden />} role="status" title="No connection">
              The staffing preview needs the server. You can still send the request: it waits on this device and goes when the connection is
              back.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant={current ? 'default' : 'filled'} onClick={() => void check()} loading={checking} disabled={!online}>
              {current ? 'Check again' : 'Check the staffing impact'}
            </Button>
            <Button type="submit" loading={request.isPending} disabled={online && (!current || blocking)}>
              Send the request
            </Button>
          </Group>
          {online && !current ? (
            <Text fz="xs" c="dimmed" ta="right">
              Check the staffing impact first: it shows which of your shifts it takes off and whether they would fall below the minimum.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

function PreviewResult({ preview }: { preview: TimeOffPreview }) {
  const dates = useAgencyDates();
  const short = preview.shifts.filter((shift) => shift.leaves_short);
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="time-off-preview" aria-live="polite">
      <Stack gap="xs">
        <Text fw={600} fz="sm">
          Staffing impact
        </Text>
        <Text fz="sm">
          {hoursText(preview.hours)} off: your balance goes from {hoursText(preview.balance_hours)} to{' '}
          {hoursText(preview.balance_after_hours)}
          {preview.balance_after_hours < 0 ? ' (below zero: the scheduler may refuse it)' : ''}.
        </Text>
        {preview.shifts.length === 0 ? (
          <Text fz="sm">None of your shifts falls in these days.</Text>
        ) : (
          <List fz="sm" spacing={2}>
            {preview.shifts.map((shift) => (
              <List.Item key={shift.id}>
                {shortDate(shift.date)} {shift.code} {dates.time(shift.starts_at)}–{dates.time(shift.ends_at)} ({hoursText(shift.hours)})
                {shift.leaves_short ? <b> leaves the shift below its minimum</b> : ' stays staffed'}
              </List.Item>
            ))}
          </List>
        )}
        {short.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="It leaves a gap">
            {short.length === 1 ? 'One shift' : `${short.length} shifts`} would fall below minimum staffing: the scheduler may need overtime
            to approve it.
          </Alert>
        ) : null}
        {preview.blocked.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title="Time off cannot be asked for on blocked dates">
            {preview.blocked.map((blocked) => `${longDate(blocked.date)} (${blocked.reason})`).join('; ')}
          </Alert>
        ) : null}
        {preview.capped_dates.length > 0 ? (
          <Alert color="red" variant="light" role="alert" title="The daily limit of people off is reached">
            {preview.capped_dates.map(longDate).join('; ')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

function MyRequests({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const requests = useTimeOffRequests({ scope: 'mine', page });
  const cancel = useCancelTimeOff();
  const [cancelling, setCancelling] = useState<TimeOffRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = agencyToday(timeZone);
  const columns: ListColumn<TimeOffRequest>[] = [
    {
      label: 'Days',
      card: 'title',
      cell: (row) => (row.starts_on === row.ends_on ? shortDate(row.starts_on) : `${shortDate(row.starts_on)} – ${shortDate(row.ends_on)}`),
    },
    { label: 'Type', cell: (row) => row.type_name },
    { label: 'Hours', cell: (row) => hoursText(row.hours) },
    { label: 'Status', card: 'status', cell: (row) => <TimeOffStatusBadge status={row.status} /> },
    {
      label: 'Decision',
      cell: (row) =>
        row.decided_by_name
          ? `${row.decided_by_name}${row.decision_note ? `: ${row.decision_note}` : ''}`
          : row.status === 'pending'
            ? '—'
            : '',
    },
  ];
  const confirm = async () => {
    if (!cancelling) return;
    setError(null);
    try {
      await cancel.mutateAsync({ id: cancelling.id, version: cancelling.version });
      notifications.show({ color: 'green', title: 'Cancelled', message: 'Your request is cancelled.' });
      setCancelling(null);
    } catch (failure) {
      setError(isStaleVersion(failure) ? 'It was decided or changed meanwhile: close this and look at it again.' : errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-requests-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="my-requests-heading">
          My requests
        </Title>
        <ListView
          label="My time-off requests"
          query={requests}
          columns={columns}
          rowKey={(row) => row.id}
          rowTestId="my-time-off"
          loadingLabel="Loading your requests…"
          empty={{ title: 'No request yet', children: 'Ask for time off above; it shows here with the scheduler’s decision.' }}
          minWidth={640}
          pager={{ page, pageSize: requests.data?.page_size ?? 25, onPage: setPage }}
          actions={(row) =>
            row.status === 'pending' || (row.status === 'approved' && row.starts_on > today) ? (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelling(row)}>
                Cancel
              </Button>
            ) : null
          }
        />
      </Stack>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this request?"
        confirmLabel="Cancel the request"
        color="red"
        busy={cancel.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setCancelling(null);
          setError(null);
        }}
      >
        {cancelling
          ? `${cancelling.type_name}, ${longDate(cancelling.starts_on)} to ${longDate(cancelling.ends_on)}.${cancelling.status === 'approved' ? ' Its hours go back to your balance.' : ''}`
          : ''}
      </ConfirmDialog>
    </Card>
  );
}
