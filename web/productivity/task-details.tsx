import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { UpdateTaskInput, type Person, type Task, type TaskSummary } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys, isStaleVersion } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { RichTextView } from '../lib/rich-text-editor.tsx';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import {
  useAddChecklistItem,
  useCloseTask,
  useReopenTask,
  useSpace,
  useToggleChecklistItem,
  useUpdateTask,
  useWatch,
} from './productivity-calls.ts';
import { dueText, PlainForm, PriorityBadge, refusalOf, SaveButton, TaskStatusBadge } from './productivity-ui.tsx';
import { ShareSection } from './share-section.tsx';
import { TaskActions } from './task-actions.tsx';
import { TaskAttachments } from './task-attachments.tsx';
import { TaskComments } from './task-comments.tsx';
import { customValuesOf, customValueText } from './task-custom-fields.tsx';
import { DESCRIPTION_TOOLS, TaskFieldInputs, taskFieldsInput, type TaskFormValues } from './task-fields.tsx';
import { TaskLinks } from './task-links.tsx';

function valuesOf(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: '',
    description_html: task.description,
    status: task.status,
    priority: task.priority,
    assignee_ids: task.assignees.map((person) => person.id),
    due_on: task.due_on ?? '',
    due_time: task.due_time ?? '',
    labels: task.labels,
    custom_fields: customValuesOf(task.fields, task.custom_fields),
  };
}

/**
 * What a task's drawer shows (task-drawer.tsx), loaded with the first task opened rather than with the
 * screen: the edit form, checklist, files, links, watchers, sharing and comments.
 */
export function TaskDetails({ task, onReload, reloading }: { task: Task; onReload: () => unknown; reloading: boolean }) {
  const member = task.access === 'member';
  const space = useSpace(member ? task.space_id : null);
  const people: Person[] = space.data?.members ?? [...task.assignees, ...task.watchers];
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <TaskStatusBadge
          label={task.statuses.find((s) => s.key === task.status)?.label ?? task.status}
          color={task.statuses.find((s) => s.key === task.status)?.color ?? 'gray'}
        />
        <PriorityBadge priority={task.priority} />
        {task.recurrence ? <Text fz="sm">Repeats {task.recurrence.freq}</Text> : null}
      </Group>
      <Text fz="sm" c="dimmed">
        {task.space_name} · {task.list_name}
        {task.access === 'shared' ? ' · shared with you' : ''}
      </Text>
      {member ? <TaskEditForm task={task} people={people} onReload={onReload} reloading={reloading} /> : <SharedView task={task} />}
      <CloseReopen task={task} />
      <TaskActions task={task} />
      <Divider />
      <Checklist task={task} />
      <Divider />
      <TaskAttachments task={task} />
      <Divider />
      <TaskLinks task={task} />
      <Divider />
      <Watchers task={task} />
      {member ? <ShareSection task={task} /> : null}
      <Divider />
      <TaskComments task={task} people={people} />
    </Stack>
  );
}

function SharedView({ task }: { task: Task }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {task.title}
      </Title>
      {task.description ? <RichTextView html={task.description} tools={DESCRIPTION_TOOLS} /> : null}
      <Text fz="sm">Assignees: {task.assignees.map((p) => p.name).join(', ') || 'nobody'}</Text>
      {task.due_on ? <Text fz="sm">Due {dueText(task)}</Text> : null}
      {task.labels.length ? <Text fz="sm">Labels: {task.labels.join(', ')}</Text> : null}
      {task.fields.map((field) => (
        <Text key={field.id} fz="sm">
          {field.name}: {customValueText(field, task.custom_fields[field.id])}
        </Text>
      ))}
    </Stack>
  );
}

function TaskEditForm({
  task,
  people,
  onReload,
  reloading,
}: {
  task: Task;
  people: Person[];
  onReload: () => unknown;
  reloading: boolean;
}) {
  const update = useUpdateTask();
  const [values, setValues] = useState<TaskFormValues>(() => valuesOf(task));
  // The task as the form's values were taken from: a save goes at its version. When a newer one arrives
  // (someone's change, read live), the form takes it if nothing was typed; a change to its parts only (a
  // comment, a tick) leaves the fields as they were; otherwise saving says someone else changed it.
  const [base, setBase] = useState(task);
  const [typed, setTyped] = useState(false);
  // Only a newer task: right after a save the cache may still hold the one before it.
  if (task.version > base.version) {
    const fieldsChanged = JSON.stringify(valuesOf(task)) !== JSON.stringify(valuesOf(base));
    if (!fieldsChanged) setBase(task);
    else if (!typed) {
      setBase(task);
      setValues(valuesOf(task));
    }
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (change: Partial<TaskFormValues>) => {
    setSaved(false);
    setTyped(true);
    setValues((current) => ({ ...current, ...change }));
  };

  const save = () => {
    const body: UpdateTaskInput = taskFieldsInput(values);
    const problems = schemaProblems(UpdateTaskInput, body);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { id: task.id, body, version: base.version },
      {
        onSuccess: (after) => {
          setBase(after);
          setTyped(false);
          setStale(false);
          setSaved(true);
        },
        onError: (error) => {
          if (isStaleVersion(error)) return setStale(true);
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };

  const reload = async () => {
    const fresh = await onReload();
    const data = (fresh as { data?: Task } | undefined)?.data;
    if (data) {
      setBase(data);
      setValues(valuesOf(data));
      setTyped(false);
    }
    setStale(false);
  };

  return (
    <PlainForm onSubmit={save}>
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="task" onReload={() => void reload()} reloading={reloading} /> : null}
        <FormErrorAlert message={formError} />
        <TaskFieldInputs values={values} errors={errors} set={set} statuses={task.statuses} people={people} fields={task.fields} />
        <SaveButton label="Save the task" saving={update.isPending} saved={saved} />
      </Stack>
    </PlainForm>
  );
}

function CloseReopen({ task }: { task: Task }) {
  const close = useCloseTask();
  const reopen = useReopenTask();
  const [next, setNext] = useState<TaskSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (task.access !== 'member') return null;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {task.closed ? (
          <Button
            variant="default"
            loading={reopen.isPending}
            onClick={() => reopen.mutate({ id: task.id, version: task.version }, { onError: (e) => setError(errorMessage(e)) })}
          >
            Reopen the task
          </Button>
        ) : (
          <Button
            variant="default"
            loading={close.isPending}
            onClick={() =>
              close.mutate(
                { id: task.id, version: task.version },
                { onSuccess: (result) => setNext(result.next), onError: (e) => setError(errorMessage(e)) },
              )
            }
          >
            Close the task
          </Button>
        )}
      </Group>
      <FormErrorAlert message={error} />
      {next ? (
        <Alert color="blue" variant="light" title="The next occurrence is there" role="status">
          <Text fz="sm">
            {next.title}
            {next.due_on ? `, due ${dueText(next)}` : ''}.{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/productivity/list/$list" params={{ list: next.list_id }} search={{ task: next.id }} />
              )}
            >
              Open the next occurrence
            </Anchor>
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

function Checklist({ task }: { task: Task }) {
  const toggle = useToggleChecklistItem();
  const add = useAddChecklistItem();
  const [keys] = useState(() => new IdempotencyKeys());
  const [text, setText] = useState('');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Checklist {task.checklist_total > 0 ? `(${task.checklist_done} of ${task.checklist_total})` : ''}
      </Title>
      {task.checklist.map((item) => (
        <Checkbox
          key={item.id}
          label={item.text}
          checked={item.done}
          onChange={(e) => toggle.mutate({ id: item.id, done: e.currentTarget.checked, version: item.version })}
        />
      ))}
      <FormErrorAlert message={toggle.error ? errorMessage(toggle.error) : null} />
      {task.access === 'member' ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label="New checklist item" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button
            variant="default"
            disabled={text.trim() === ''}
            loading={add.isPending}
            onClick={() =>
              add.mutate({ taskId: task.id, text: text.trim(), idempotencyKey: keys.keyFor({ text }) }, { onSuccess: () => setText('') })
            }
          >
            Add
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Watchers({ task }: { task: Task }) {
  const watch = useWatch();
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Text fz="sm">
        Watchers: {task.watchers.map((p) => p.name).join(', ') || 'nobody'}
        {task.shared_with.length ? ` · Shared with ${task.shared_with.map((p) => p.name).join(', ')}` : ''}
      </Text>
      <Button
        size="xs"
        variant="default"
        loading={watch.isPending}
        onClick={() => watch.mutate({ taskId: task.id, watch: !task.watching })}
      >
        {task.watching ? 'Stop watching' : 'Watch'}
      </Button>
    </Group>
  );
}
