import { Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { CreateSpaceInput, type MyTasks } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { ModulePage } from '../ui/module-page.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useCreateSpace, useMyTasks, useSpaces } from './productivity-calls.ts';
import { dueText, PlainForm, PriorityBadge, refusalOf, TaskStatusBadge } from './productivity-ui.tsx';
import { TaskDrawer } from './task-drawer.tsx';

const GROUPS: { key: keyof Omit<MyTasks, 'today'>; title: string }[] = [
  { key: 'overdue', title: 'Overdue' },
  { key: 'today_tasks', title: 'Today' },
  { key: 'this_week', title: 'This week' },
  { key: 'later', title: 'Later' },
  { key: 'no_date', title: 'No date' },
];

/**
 * /productivity: the tasks assigned to me across spaces, grouped by when they are due (overdue, today,
 * this week, later, no date), each opening in a drawer; the spaces I see, and a new space.
 */
export function MyTasksScreen() {
  const state = useSearch({ from: '/_app/productivity' });
  const navigate = useNavigate();
  const mine = useMyTasks();
  const [creating, setCreating] = useState(false);
  const open = (task: string | null) => void navigate({ to: '/productivity', search: { task }, replace: task === null });
  return (
    <ModulePage
      title="My tasks"
      description="The open tasks assigned to you in every space, by when they are due."
      actions={<Button onClick={() => setCreating(true)}>New space</Button>}
    >
      {mine.isPending ? (
        <LoadingState label="Loading your tasks…" />
      ) : mine.isError ? (
        <ErrorState message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} />
      ) : GROUPS.every((group) => mine.data[group.key].length === 0) ? (
        <EmptyState title="Nothing assigned to you">Tasks assigned to you in any space show here.</EmptyState>
      ) : (
        GROUPS.filter((group) => mine.data[group.key].length > 0).map((group) => (
          <section key={group.key} aria-labelledby={`group-${group.key}`}>
            <Title order={2} fz="lg" id={`group-${group.key}`} mb="xs">
              {group.title} ({mine.data[group.key].length})
            </Title>
            <Stack gap="xs">
              {mine.data[group.key].map((task) => (
                <Card key={task.id} withBorder padding="sm" data-testid="my-task">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
                      <Anchor
                        renderRoot={(props) => <Link {...props} to="/productivity" search={{ task: task.id }} />}
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {task.title}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {task.space_name} · {task.list_name}
                        {task.due_on ? ` · due ${dueText(task)}` : ''}
                      </Text>
                    </Stack>
                    <Group gap={6}>
                      <TaskStatusBadge label={task.status_label} color={task.closed ? 'green' : 'gray'} />
                      <PriorityBadge priority={task.priority} />
                    </Group>
                  </Group>
                </Card>
              ))}
            </Stack>
          </section>
        ))
      )}
      <SpacesCard />
      <CreateSpaceModal opened={creating} onClose={() => setCreating(false)} />
      <TaskDrawer taskId={state.task} onClose={() => open(null)} />
    </ModulePage>
  );
}

function SpacesCard() {
  const spaces = useSpaces();
  return (
    <section aria-labelledby="spaces-heading">
      <Title order={2} fz="lg" id="spaces-heading" mb="xs">
        Spaces
      </Title>
      {spaces.isPending ? (
        <LoadingState label="Loading the spaces…" />
      ) : spaces.isError ? (
        <ErrorState message={errorMessage(spaces.error)} onRetry={() => void spaces.refetch()} />
      ) : spaces.data.length === 0 ? (
        <EmptyState title="No spaces yet">Create a space for your unit, then lists and tasks in it.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {spaces.data.map((space) => (
            <Card key={space.id} withBorder padding="sm">
              <Anchor renderRoot={(props) => <Link {...props} to="/productivity/space/$space" params={{ space: space.id }} />} fw={600}>
                {space.name}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {space.open_tasks} open {space.open_tasks === 1 ? 'task' : 'tasks'} · {space.member_count}{' '}
                {space.member_count === 1 ? 'member' : 'members'}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** A new space: its name and a line about it; the default workflow (To do, In progress, Done). */
function CreateSpaceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateSpace();
  const navigate = useNavigate();
  const [keys] = useState(() => new IdempotencyKeys());
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = () => {
    const body = { name: name.trim(), description: description.trim() };
    const problems = schemaProblems(CreateSpaceInput, body);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (space) => {
          keys.reset();
          onClose();
          void navigate({ to: '/productivity/space/$space', params: { space: space.id } });
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New space" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PlainForm onSubmit={submit}>
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TextInput label="Name" required value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea
            label="Description"
            value={description}
            error={errors.description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Text fz="sm" c="dimmed">
            Its tasks go through To do, In progress and Done. You are its first member.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create the space
            </Button>
          </Group>
        </Stack>
      </PlainForm>
    </Modal>
  );
}
