import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { CreateListInput, type Space } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { ModulePage } from '../ui/module-page.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useCreateList, useSpace } from './productivity-calls.ts';
import { refusalOf, TaskStatusBadge } from './productivity-ui.tsx';
import { SpaceSettingsDrawer, useSettingsTab } from './space-settings.tsx';
import { useProductivityLive } from './productivity-live.ts';

/**
 * /productivity/space/{space}: the space's lists (and a new one), its workflow and its members; its
 * settings in a drawer (?settings=…) for whoever sees the space (its members and administrators).
 */
export function SpaceScreen() {
  const { space: id } = useParams({ from: '/_app/productivity/space/$space' });
  const space = useSpace(id);
  useProductivityLive();
  if (space.isPending) return <LoadingState label="Loading the space…" />;
  if (space.isError) return <ErrorState message={errorMessage(space.error)} onRetry={() => void space.refetch()} />;
  return <SpaceView space={space.data} />;
}

function SpaceView({ space }: { space: Space }) {
  const lists = space.lists.filter((list) => !list.archived);
  const [, openSettings] = useSettingsTab(space.id);
  return (
    <ModulePage
      title={space.name}
      description={space.description || undefined}
      breadcrumbs={[{ label: 'My tasks', to: '/productivity' }]}
      actions={
        <Button variant="default" leftSection={<IconSettings aria-hidden size={16} />} onClick={() => openSettings('general')}>
          Space settings
        </Button>
      }
    >
      <section aria-labelledby="lists-heading">
        <Title order={2} fz="lg" id="lists-heading" mb="xs">
          Lists
        </Title>
        {lists.length === 0 ? (
          <EmptyState title="No lists yet">Create a list below, then add its tasks.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {lists.map((list) => (
              <Card key={list.id} withBorder padding="sm">
                <Anchor renderRoot={(props) => <Link {...props} to="/productivity/list/$list" params={{ list: list.id }} />} fw={600}>
                  {list.name}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {list.open_tasks} open {list.open_tasks === 1 ? 'task' : 'tasks'}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
      <CreateListForm spaceId={space.id} />
      <section aria-labelledby="workflow-heading">
        <Title order={2} fz="lg" id="workflow-heading" mb="xs">
          Workflow
        </Title>
        <Group gap="xs" wrap="wrap">
          {space.statuses.map((status) => (
            <TaskStatusBadge key={status.key} label={`${status.label}${status.closed ? ' (closed)' : ''}`} color={status.color} />
          ))}
        </Group>
      </section>
      <section aria-labelledby="members-heading">
        <Title order={2} fz="lg" id="members-heading" mb="xs">
          Members ({space.members.length})
        </Title>
        <Text fz="sm">{space.members.map((person) => person.name).join(', ')}</Text>
      </section>
      <SpaceSettingsDrawer spaceId={space.id} />
    </ModulePage>
  );
}

function CreateListForm({ spaceId }: { spaceId: string }) {
  const create = useCreateList();
  const [keys] = useState(() => new IdempotencyKeys());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="new-list-heading">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = { name: name.trim() };
          const problems = schemaProblems(CreateListInput, body);
          setError(problems.name ?? null);
          setFormError(null);
          if (problems.name) return;
          create.mutate(
            { spaceId, name: body.name, idempotencyKey: keys.keyFor(body) },
            {
              onSuccess: () => {
                keys.reset();
                setName('');
              },
              onError: (failure) => {
                const refusal = refusalOf(failure);
                setError(refusal.fields.name ?? null);
                setFormError(refusal.message);
              },
            },
          );
        }}
      >
        <Stack gap="xs">
          <Title order={2} fz="lg" id="new-list-heading">
            New list
          </Title>
          <FormErrorAlert message={formError} />
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="List name"
              required
              value={name}
              error={error}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
              Create the list
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
