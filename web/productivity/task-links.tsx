import { ActionIcon, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { hasPermission } from '../../core/permissions.ts';
import { TASK_LINK_KINDS, type Task, type TaskLink, type TaskLinkKind } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAuthState } from '../lib/session/session.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { PlainForm, refusalOf } from './productivity-ui.tsx';
import { useAddLink, useRemoveLink } from './task-drawer-calls.ts';
import { LINK_KIND_LABELS, linkTarget, recordIdIn, searchRecords } from './task-link-calls.ts';

/** Whether the person works the fleet office's screens (a service request opens there, else in their own requests). */
function useFleetOffice(): boolean {
  const { claims } = useAuthState();
  return hasPermission(claims, 'fleet:admin');
}

/** What a link is called: its label, else its kind and the start of its id. */
const linkName = (link: TaskLink) => link.label || `${LINK_KIND_LABELS[link.kind]} ${link.record_id.slice(0, 8)}`;

function LinkRow({ task, link, fleetOffice }: { task: Task; link: TaskLink; fleetOffice: boolean }) {
  const remove = useRemoveLink();
  const name = linkName(link);
  return (
    <Paper component="li" withBorder radius="sm" p="xs">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed">
            {LINK_KIND_LABELS[link.kind]}
          </Text>
          <Anchor
            fz="sm"
            style={{ overflowWrap: 'anywhere' }}
            renderRoot={(props) => <Link {...props} {...linkTarget(link.kind, link.record_id, fleetOffice)} />}
          >
            {name}
          </Anchor>
          {remove.isError ? (
            <Text fz="xs" c="red" role="alert">
              {errorMessage(remove.error)}
            </Text>
          ) : null}
        </Stack>
        {task.access === 'member' ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove the link to ${name}`}
            loading={remove.isPending}
            onClick={() => remove.mutate(link.id)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * Picks a record of the kind: searched through the kind's own module as the person types (250 ms after
 * the last key); when that module refuses them (not theirs, off) it says so, and the record's address
 * or id can be pasted instead, the server then saying whether it exists.
 */
function AddLinkForm({ task, fleetOffice }: { task: Task; fleetOffice: boolean }) {
  const add = useAddLink();
  const [kind, setKind] = useState<TaskLinkKind>('vehicle');
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [pasted, setPasted] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Searched once the list is opened or something is typed, not as soon as the drawer opens.
  const [looking, setLooking] = useState(false);
  const q = chosen && debounced === chosen.label ? '' : debounced;
  const results = useQuery({
    queryKey: ['productivity', 'link-search', kind, q, fleetOffice],
    queryFn: ({ signal }) => searchRecords(kind, q, fleetOffice, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    enabled: looking || q.trim() !== '',
  });
  const options = [...(results.data ?? [])];
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  const reset = () => {
    setChosen(null);
    setTyped('');
    setPasted('');
  };
  const submit = () => {
    setErrors({});
    setFormError(null);
    const pastedId = pasted.trim() ? recordIdIn(pasted) : null;
    if (pasted.trim() && !pastedId) return setErrors({ pasted: 'Paste the address of the record’s screen, or its id' });
    const recordId = pastedId ?? chosen?.value ?? null;
    if (!recordId) return setErrors({ record: `Choose the ${LINK_KIND_LABELS[kind].toLowerCase()}, or paste its address` });
    const label = pastedId ? '' : (chosen?.label ?? '');
    add.mutate(
      { taskId: task.id, kind, recordId, label },
      {
        onSuccess: reset,
        onError: (error) => {
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };

  return (
    <PlainForm onSubmit={submit}>
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Kind of record"
            data={TASK_LINK_KINDS.map((k) => ({ value: k, label: LINK_KIND_LABELS[k] }))}
            value={kind}
            allowDeselect={false}
            error={errors.kind}
            onChange={(next) => {
              if (!next) return;
              setKind(next as TaskLinkKind);
              setLooking(false);
              reset();
            }}
            miw={160}
          />
          <Select
            label={LINK_KIND_LABELS[kind]}
            placeholder="Type to search"
            searchable
            clearable
            clearButtonProps={{ 'aria-label': `Clear the ${LINK_KIND_LABELS[kind].toLowerCase()}` }}
            data={options}
            value={chosen?.value ?? null}
            onChange={(value, option) => setChosen(value ? { value, label: option?.label ?? value } : null)}
            searchValue={typed}
            onSearchChange={setTyped}
            onDropdownOpen={() => setLooking(true)}
            filter={({ options: found }) => found}
            nothingFoundMessage={results.isFetching ? 'Searching…' : 'Nothing matches'}
            error={
              errors.record ??
              errors.record_id ??
              (results.isError
                ? `This list cannot be searched here: ${errorMessage(results.error)} Paste the record’s address below.`
                : undefined)
            }
            comboboxProps={{ withinPortal: true }}
            miw={200}
          />
        </Group>
        <TextInput
          label="Or paste the record’s address or id"
          value={pasted}
          error={errors.pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
        />
        <FormErrorAlert message={formError} />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add the link
          </Button>
        </Group>
      </Stack>
    </PlainForm>
  );
}

/** A task's links to records of other modules, each opening the record's screen; a member adds and removes them. */
export function TaskLinks({ task }: { task: Task }) {
  const fleetOffice = useFleetOffice();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Linked records
      </Title>
      {task.links.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Not linked to any vehicle, service request, report or binder.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Linked records">
          {task.links.map((link) => (
            <LinkRow key={link.id} task={task} link={link} fleetOffice={fleetOffice} />
          ))}
        </Stack>
      )}
      {task.access === 'member' ? <AddLinkForm task={task} fleetOffice={fleetOffice} /> : null}
    </Stack>
  );
}
