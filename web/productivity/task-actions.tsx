import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Task } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys, isStaleVersion } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useSpace, useSpaces } from './productivity-calls.ts';
import { PlainForm, refusalOf } from './productivity-ui.tsx';
import { useDuplicateTask, useMoveTask, useSaveTemplate } from './task-drawer-calls.ts';

type Dialog = 'duplicate' | 'move' | 'template' | null;
type Done = { message: string; link?: { label: string; list: string; task: string } };

/**
 * The space and list a task goes to: the spaces the person is a member of, then that space's open
 * lists (less `exclude`, the task's own list when moving it).
 */
function ListChoice({
  spaceId,
  listId,
  onChange,
  exclude,
  error,
}: {
  spaceId: string;
  listId: string | null;
  onChange: (choice: { spaceId: string; listId: string | null }) => void;
  exclude?: string;
  error?: string | undefined;
}) {
  const spaces = useSpaces();
  const space = useSpace(spaceId);
  const lists = (space.data?.lists ?? []).filter((list) => !list.archived && list.id !== exclude);
  return (
    <>
      <Select
        label="Space"
        data={(spaces.data ?? []).filter((s) => s.member && !s.archived).map((s) => ({ value: s.id, label: s.name }))}
        value={spaceId}
        allowDeselect={false}
        error={spaces.isError ? `The spaces could not be loaded: ${errorMessage(spaces.error)}` : undefined}
        onChange={(next) => next && onChange({ spaceId: next, listId: null })}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="List"
        placeholder={space.isPending ? 'Loading the lists…' : lists.length === 0 ? 'No other list in this space' : 'Choose a list'}
        data={lists.map((list) => ({ value: list.id, label: list.name }))}
        value={listId}
        allowDeselect={false}
        error={error ?? (space.isError ? `The lists could not be loaded: ${errorMessage(space.error)}` : undefined)}
        onChange={(next) => onChange({ spaceId, listId: next })}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

function DuplicateDialog({ task, onClose, onDone }: { task: Task; onClose: () => void; onDone: (done: Done) => void }) {
  const duplicate = useDuplicateTask();
  const [keys] = useState(() => new IdempotencyKeys());
  const [choice, setChoice] = useState<{ spaceId: string; listId: string | null }>({ spaceId: task.space_id, listId: task.list_id });
  const [title, setTitle] = useState(task.title);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = () => {
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = 'Give the copy a title';
    if (!choice.listId) problems.list_id = 'Choose the list';
    setErrors(problems);
    setFormError(null);
    if (!choice.listId || Object.keys(problems).length) return;
    const body = { id: task.id, listId: choice.listId, title: title.trim() };
    duplicate.mutate(
      { ...body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (copy) =>
          onDone({ message: `Copied to ${copy.list_name}.`, link: { label: 'Open the copy', list: copy.list_id, task: copy.id } }),
        onError: (error) => {
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Duplicate the task" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PlainForm onSubmit={submit}>
        <Stack gap="sm">
          <Text fz="sm">The copy keeps the description, assignees who are members there, checklist (unticked), labels and links.</Text>
          <TextInput
            label="Title of the copy"
            required
            value={title}
            error={errors.title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <ListChoice spaceId={choice.spaceId} listId={choice.listId} onChange={setChoice} error={errors.list_id} />
          <FormErrorAlert message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={duplicate.isPending}>
              Duplicate
            </Button>
          </Group>
        </Stack>
      </PlainForm>
    </Modal>
  );
}

function MoveDialog({ task, onClose, onDone }: { task: Task; onClose: () => void; onDone: (done: Done) => void }) {
  const move = useMoveTask();
  const [choice, setChoice] = useState<{ spaceId: string; listId: string | null }>({ spaceId: task.space_id, listId: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = () => {
    setFormError(null);
    if (!choice.listId) return setErrors({ list_id: 'Choose the list' });
    setErrors({});
    move.mutate(
      { id: task.id, listId: choice.listId, version: task.version },
      {
        onSuccess: (moved) =>
          onDone({
            message: `Moved to ${moved.list_name} (${moved.space_name}).`,
            link: { label: `Open ${moved.list_name}`, list: moved.list_id, task: moved.id },
          }),
        onError: (error) => {
          if (isStaleVersion(error))
            return setFormError('This task was changed by someone else since you opened it. Close this, look again, then move it.');
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Move the task" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PlainForm onSubmit={submit}>
        <Stack gap="sm">
          <Text fz="sm">
            In another space, custom values of fields it does not have are dropped, and assignees who are not its members are left off.
          </Text>
          <ListChoice
            spaceId={choice.spaceId}
            listId={choice.listId}
            onChange={setChoice}
            exclude={task.list_id}
            error={errors.list_id ?? errors.status}
          />
          <FormErrorAlert message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={move.isPending}>
              Move
            </Button>
          </Group>
        </Stack>
      </PlainForm>
    </Modal>
  );
}

function TemplateDialog({ task, onClose, onDone }: { task: Task; onClose: () => void; onDone: (done: Done) => void }) {
  const save = useSaveTemplate();
  const [keys] = useState(() => new IdempotencyKeys());
  const [name, setName] = useState(task.title);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = () => {
    setFormError(null);
    if (!name.trim()) return setErrors({ name: 'Give the template a name' });
    setErrors({});
    const body = { id: task.id, name: name.trim() };
    save.mutate(
      { ...body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (template) => onDone({ message: `Saved as the template “${template.name}” of ${task.space_name}.` }),
        onError: (error) => {
          const refusal = refusalOf(error);
          setErrors(refusal.fields);
          setFormError(refusal.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Save as a template" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PlainForm onSubmit={submit}>
        <Stack gap="sm">
          <Text fz="sm">
            New tasks of {task.space_name} can start from it: title, description, priority, labels, checklist, custom values and repeats.
          </Text>
          <TextInput label="Template name" required value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
          <FormErrorAlert message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save the template
            </Button>
          </Group>
        </Stack>
      </PlainForm>
    </Modal>
  );
}

/** Duplicate the task, move it to another list, or save it as a template of its space; what was done is said with a way to open it. */
export function TaskActions({ task }: { task: Task }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<Done | null>(null);
  if (task.access !== 'member') return null;
  const finish = (result: Done) => {
    setDialog(null);
    setDone(result);
  };
  const open = (next: Dialog) => {
    setDone(null);
    setDialog(next);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant="default" size="sm" onClick={() => open('duplicate')}>
          Duplicate
        </Button>
        <Button variant="default" size="sm" onClick={() => open('move')}>
          Move to another list
        </Button>
        <Button variant="default" size="sm" onClick={() => open('template')}>
          Save as template
        </Button>
      </Group>
      {done ? (
        <Alert color="blue" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>
          <Text fz="sm">
            {done.message}{' '}
            {done.link ? (
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/productivity/list/$list" params={{ list: done.link!.list }} search={{ task: done.link!.task }} />
                )}
              >
                {done.link.label}
              </Anchor>
            ) : null}
          </Text>
        </Alert>
      ) : null}
      {dialog === 'duplicate' ? <DuplicateDialog task={task} onClose={() => setDialog(null)} onDone={finish} /> : null}
      {dialog === 'move' ? <MoveDialog task={task} onClose={() => setDialog(null)} onDone={finish} /> : null}
      {dialog === 'template' ? <TemplateDialog task={task} onClose={() => setDialog(null)} onDone={finish} /> : null}
    </Stack>
  );
}
