import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { TaskSummary } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import type { RecordTasksProps } from '../lib/web-modules.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { CreateTaskModal, type CreateOutcome } from './create-task-modal.tsx';
import { useKeptTasks, useLinkedTasks, useWorkflows } from './make-task-calls.ts';
import { useSpaces } from './productivity-calls.ts';
import { TaskStatusBadge } from './productivity-ui.tsx';

/**
 * Beside another module's record (a service request, a returned report; web/lib/record-tasks.tsx):
 * the tasks linked to it, each with its status and opening in productivity, the new ones still
 * waiting on the device, and "Make a task", which opens the new task form with the title filled in
 * and the link to the record, in a space and list of the person's choice. Shown only to members of a
 * space (the module's switch and the person's access were checked before it loaded).
 */
export function LinkedTasks(props: RecordTasksProps) {
  const spaces = useSpaces();
  // Only someone who can add a task somewhere sees the section.
  if (!spaces.data || !spaces.data.some((space) => !space.archived)) return null;
  return <LinkedTasksSection {...props} />;
}

function LinkedTasksSection({ kind, recordId, title, label }: RecordTasksProps) {
  const headingId = useId();
  const linked = useLinkedTasks(kind, recordId);
  const waiting = useKeptTasks((kept) => (kept.input.links ?? []).some((link) => link.kind === kind && link.record_id === recordId));
  const workflows = useWorkflows((linked.data ?? []).map((task) => task.space_id));
  const [making, setMaking] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);
  const done = (outcome?: CreateOutcome) => {
    setMaking(false);
    if (outcome?.kind === 'queued') setQueued(outcome.summary);
    if (outcome?.kind === 'sent')
      notifications.show({ color: 'green', title: 'Task created', message: `“${outcome.task.title}” is linked to ${label}.` });
  };
  const statusOf = (task: TaskSummary) => workflows.get(task.space_id)?.find((status) => status.key === task.status);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="md" id={headingId}>
            Tasks
          </Title>
          <Button variant="light" size="sm" onClick={() => setMaking(true)}>
            Make a task
          </Button>
        </Group>
        {queued ? (
          <Alert color="blue" variant="light" title={`${queued}: not sent yet`} icon={<IconCloudOff aria-hidden />} role="status">
            Saved on this device; it will be sent when you are back online.
          </Alert>
        ) : null}
        {linked.isPending ? (
          <LoadingState label="Loading the linked tasks…" />
        ) : linked.isError ? (
          <ErrorState message={errorMessage(linked.error)} onRetry={() => void linked.refetch()} />
        ) : linked.data.length === 0 && waiting.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No task is linked to this yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" aria-label="Linked tasks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {linked.data.map((task) => {
              const status = statusOf(task);
              return (
                <Group key={task.id} component="li" gap="xs" justify="space-between" wrap="nowrap" data-testid="linked-task">
                  <Anchor
                    renderRoot={(p) => <Link {...p} to="/productivity" search={{ task: task.id }} />}
                    fz="sm"
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {task.title}
                  </Anchor>
                  <TaskStatusBadge
                    label={status?.label ?? (task.closed ? 'Closed' : 'Open')}
                    color={status?.color ?? (task.closed ? 'green' : 'gray')}
                  />
                </Group>
              );
            })}
            {waiting.map(({ item, input }) => (
              <Group key={item.id} component="li" gap="xs" justify="space-between" wrap="nowrap" data-testid="linked-task">
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {input.title || item.summary}
                </Text>
                <Badge variant="light" color={item.state === 'rejected' ? 'red' : 'blue'} c="var(--mantine-color-text)" tt="none">
                  {item.state === 'rejected' ? 'Refused: open it from the outbox' : 'Waiting to send'}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <CreateTaskModal opened={making} onClose={done} prefill={{ title, links: [{ kind, record_id: recordId, label }] }} />
    </Card>
  );
}
