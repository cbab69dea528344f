import { Alert, Badge, Button, Card, Group, Modal, Progress, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SignTaskInput, TASK_METHOD_LABELS, TASK_METHODS, type Tasksheet } from '../../core/contracts/fto.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { placeFieldErrors } from '../lib/form-errors.ts';
import { useOutbox, useRefusedItem } from '../lib/outbox/outbox.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useBinder, useSignTask, useTasksheet, useWithdrawSignoff } from './fto-calls.ts';
import { calendarDate, deviceToday, FtoPage } from './fto-ui.tsx';

type Task = Tasksheet['tasks_list'][number];

/** The sign-off a refused outbox item carried, when it is one of this tasksheet's. */
function refusedSignoff(item: OutboxItem | null, tasksheetId: string) {
  if (!item || item.endpoint !== 'fto.signTask' || item.params?.id !== tasksheetId) return null;
  const input = SignTaskInput.safeParse(item.body);
  return input.success ? { item, input: input.data } : null;
}

/**
 * /fto/binder/{id}/tasksheets/{tasksheet_id}: one phase's tasks, each signed off by a trainer with the
 * date and how it was shown. The sign-off goes through the outbox, so it can be made with no signal;
 * `?outbox=<id>` opens a refused one again with what was typed and the server's reasons.
 */
export function TasksheetScreen() {
  const { binder_id: binderId = '', tasksheet_id: tasksheetId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const refused = useRefusedItem(typeof search.outbox === 'string' ? search.outbox : null);
  const binder = useBinder(binderId);
  const sheet = useTasksheet(tasksheetId);
  const { items } = useOutbox();
  const waiting = useMemo(
    () =>
      new Set(
        items
          .filter((item) => item.endpoint === 'fto.signTask' && item.params?.id === tasksheetId && item.state === 'waiting')
          .map((item) => (item.body as { task_key?: string }).task_key),
      ),
    [items, tasksheetId],
  );
  const [signing, setSigning] = useState<Task | null>(null);
  const [withdrawing, setWithdrawing] = useState<Task | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const name = sheet.data?.trainee_name ?? binder.data?.trainee_name;
  const fixing = refused.loading || !sheet.data ? null : refusedSignoff(refused.item, tasksheetId);
  const fixingTask = fixing ? (sheet.data?.tasks_list.find((t) => t.key === fixing.input.task_key) ?? null) : null;
  const navigate = useNavigate();
  const closeFix = () =>
    void navigate({
      to: '/fto/binder/$binder_id/tasksheets/$tasksheet_id',
      params: { binder_id: binderId, tasksheet_id: tasksheetId },
      replace: true,
    });
  const mayWithdraw = Boolean(sheet.data?.can_sign || binder.data?.can.manage);

  return (
    <FtoPage
      title={sheet.data ? `${sheet.data.phase_name} tasks` : 'Tasksheet'}
      description={name ? `Tasks of ${name}’s field training in this phase.` : undefined}
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
        { label: 'Tasksheets', to: `/fto/binder/${binderId}/tasksheets` },
      ]}
    >
      {sheet.isPending ? (
        <LoadingState label="Loading the tasksheet…" />
      ) : sheet.isError ? (
        <ErrorState message={errorMessage(sheet.error)} onRetry={() => void sheet.refetch()} />
      ) : (
        <Stack gap="md">
          {fixing && fixingTask ? <RefusedItemAlert item={fixing.item} onDiscarded={closeFix} /> : null}
          {queued ? (
            <Alert color="blue" variant="light" title={`${queued}: not sent yet`} icon={<IconCloudOff aria-hidden />} role="status">
              Saved on this device; it will be sent when you are back online. It waits in the outbox at the top of the page.
            </Alert>
          ) : null}
          <Card withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Text fw={600}>
                {sheet.data.signed} of {sheet.data.tasks} tasks signed off
              </Text>
              <Progress
                value={sheet.data.tasks ? (sheet.data.signed / sheet.data.tasks) * 100 : 0}
                aria-label={`${sheet.data.signed} of ${sheet.data.tasks} tasks signed off`}
              />
            </Stack>
          </Card>
          {sheet.data.tasks_list.length === 0 ? (
            <Text c="dimmed">This phase has no tasks.</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {sheet.data.tasks_list.map((task) => (
                <Card key={task.key} component="li" withBorder radius="md" padding="md">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                      <Text fw={600}>{task.title}</Text>
                      {task.description ? <Text fz="sm">{task.description}</Text> : null}
                      {task.signoff ? (
                        <Text fz="sm">
                          <Badge variant="light" color="green" c="var(--mantine-color-text)" mr={6}>
                            {TASK_METHOD_LABELS[task.signoff.method]}
                          </Badge>
                          Signed off by {task.signoff.trainer_name} on {calendarDate(task.signoff.signed_on)}
                          {task.signoff.note ? `: ${task.signoff.note}` : ''}
                        </Text>
                      ) : waiting.has(task.key) ? (
                        <Badge variant="light" color="blue" c="var(--mantine-color-text)">
                          Sign-off waiting to send
                        </Badge>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          Not signed off yet
                        </Text>
                      )}
                    </Stack>
                    {task.signoff ? (
                      mayWithdraw ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="sm"
                          onClick={() => setWithdrawing(task)}
                          aria-label={`Withdraw the sign-off of ${task.title}`}
                        >
                          Withdraw
                        </Button>
                      ) : null
                    ) : sheet.data.can_sign && !waiting.has(task.key) ? (
                      <Button variant="light" size="sm" onClick={() => setSigning(task)} aria-label={`Sign off ${task.title}`}>
                        Sign off
                      </Button>
                    ) : null}
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
          {signing || (fixing && fixingTask) ? (
            <SignOffDialog
              key={signing?.key ?? fixing?.item.id}
              binderId={binderId}
              sheet={sheet.data}
              task={(signing ?? fixingTask)!}
              refused={signing ? null : fixing}
              traineeName={name ?? 'the trainee'}
              onClose={(queuedSummary) => {
                if (queuedSummary) setQueued(queuedSummary);
                if (!signing) closeFix();
                setSigning(null);
              }}
            />
          ) : null}
          {withdrawing ? <WithdrawDialog sheet={sheet.data} task={withdrawing} onClose={() => setWithdrawing(null)} /> : null}
        </Stack>
      )}
    </FtoPage>
  );
}

function SignOffDialog({
  binderId,
  sheet,
  task,
  refused,
  traineeName,
  onClose,
}: {
  binderId: string;
  sheet: Tasksheet;
  task: Task;
  refused: { item: OutboxItem; input: SignTaskInput } | null;
  traineeName: string;
  onClose: (queuedSummary?: string) => void;
}) {
  const sign = useSignTask();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState(() => ({
    signed_on: refused?.input.signed_on ?? deviceToday(),
    method: refused?.input.method ?? ('' as SignTaskInput['method'] | ''),
    note: refused?.input.note ?? '',
  }));
  const [fields, setFields] = useState<Record<string, string>>(() => (refused ? placeFieldErrors(values, refused.item.fields).placed : {}));
  const [error, setError] = useState<string | null>(refused?.item.message ?? null);
  const submit = async () => {
    setError(null);
    const problems: Record<string, string> = {};
    if (!values.signed_on) problems.signed_on = 'Enter the date';
    if (!values.method) problems.method = 'Choose how the task was shown';
    setFields(problems);
    if (Object.keys(problems).length) return;
    const input: SignTaskInput = {
      task_key: task.key,
      signed_on: values.signed_on,
      method: values.method as SignTaskInput['method'],
      note: values.note.trim(),
    };
    const summary = `Sign-off of ${task.title} for ${traineeName}`;
    try {
      const outcome = await sign.mutateAsync({
        binderId,
        tasksheetId: sheet.id,
        input,
        key: keys.keyFor(input),
        summary,
        ...(refused ? { replaces: refused.item.id } : {}),
      });
      onClose(outcome.kind === 'queued' ? summary : undefined);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length) setFields(failure.fields);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened onClose={() => onClose()} title={`Sign off: ${task.title}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Date shown"
            required
            value={values.signed_on}
            onChange={(e) => setValues({ ...values, signed_on: e.currentTarget.value })}
            error={fields.signed_on}
          />
          <Radio.Group
            label="How the trainee showed it"
            required
            value={values.method}
            onChange={(method) => setValues({ ...values, method: method as SignTaskInput['method'] })}
            error={fields.method}
          >
            <Stack gap={8} mt={6}>
              {TASK_METHODS.map((method) => (
                <Radio key={method} value={method} label={TASK_METHOD_LABELS[method]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Note"
            description="Optional: the call or situation where it was shown."
            autosize
            minRows={2}
            value={values.note}
            onChange={(e) => setValues({ ...values, note: e.currentTarget.value })}
            error={fields.note}
          />
          <FormErrorAlert message={error ?? (fields.task_key ? fields.task_key : null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              Cancel
            </Button>
            <Button type="submit" loading={sign.isPending}>
              Sign off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WithdrawDialog({ sheet, task, onClose }: { sheet: Tasksheet; task: Task; onClose: () => void }) {
  const withdraw = useWithdrawSignoff();
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    if (!reason.trim()) {
      setFields({ reason: 'Say why the sign-off is withdrawn' });
      return;
    }
    try {
      await withdraw.mutateAsync({ tasksheetId: sheet.id, taskKey: task.key, reason: reason.trim() });
      onClose();
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length) setFields(failure.fields);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Withdraw the sign-off of ${task.title}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">The sign-off stays on record with your reason; the task can then be signed off again.</Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fields.reason}
          />
          <FormErrorAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={withdraw.isPending}>
              Withdraw the sign-off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
