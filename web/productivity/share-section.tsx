import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Task } from '../../core/contracts/productivity.ts';
import { PersonPicker } from '../lib/person-picker.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { productivityPeople, useShare, useUnshare } from './people-calls.ts';
import { refusalOf } from './productivity-ui.tsx';
import { useSpace } from './productivity-calls.ts';

/**
 * Who a task is shared with, in its drawer: a member of the space shares it with one more person (found
 * by name or e-mail; they then see this task and nothing else of the space, and are told) or stops
 * sharing it. Someone it was shared with sees nothing here.
 */
export function ShareSection({ task }: { task: Task }) {
  const member = task.access === 'member';
  const space = useSpace(member ? task.space_id : null);
  const share = useShare();
  const unshare = useUnshare();
  const [chosen, setChosen] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!member) return null;
  // The space's members see the task already; those it is shared with are listed.
  const exclude = [...(space.data?.members ?? []), ...task.shared_with].map((person) => person.id);

  const shareWithChosen = () => {
    setError(null);
    if (!chosen) return setPickError('Choose the person to share the task with');
    setPickError(null);
    share.mutate(
      { taskId: task.id, userId: chosen },
      {
        onSuccess: () => setChosen(null),
        onError: (failure) => {
          const refusal = refusalOf(failure);
          setPickError(refusal.fields.user_id ?? null);
          setError(refusal.fields.user_id ? null : (refusal.message ?? Object.values(refusal.fields).join(' ')));
        },
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`share-${task.id}`}>
      <Title order={3} fz="md" id={`share-${task.id}`}>
        Sharing
      </Title>
      <Text fz="sm" c="dimmed">
        Someone outside the space you share the task with reads it, comments and ticks its checklist, and sees nothing else of the space.
      </Text>
      {task.shared_with.length === 0 ? (
        <Text fz="sm">Not shared with anyone.</Text>
      ) : (
        <List listStyleType="none" spacing={4} aria-label="Shared with">
          {task.shared_with.map((person) => (
            <List.Item key={person.id}>
              <Group gap="sm" wrap="wrap">
                <Text fz="sm">{person.name}</Text>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Stop sharing with ${person.name}`}
                  loading={unshare.isPending && unshare.variables?.userId === person.id}
                  onClick={() => {
                    setError(null);
                    unshare.mutate({ taskId: task.id, userId: person.id }, { onError: (failure) => setError(refusalOf(failure).message) });
                  }}
                >
                  Stop sharing
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <FormErrorAlert message={error} />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <PersonPicker
          search={productivityPeople}
          label="Share with"
          value={chosen}
          exclude={exclude}
          error={pickError}
          onChange={(personId) => {
            setPickError(null);
            setChosen(personId);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="default" loading={share.isPending} onClick={shareWithChosen}>
          Share
        </Button>
      </Group>
    </Stack>
  );
}
