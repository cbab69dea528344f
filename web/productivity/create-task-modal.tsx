import { Badge, Button, CloseButton, Group, Modal, NumberInput, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  CreateTaskInput,
  RECURRENCE_FREQUENCIES,
  type CreateTaskInput as CreateTaskBody,
  type Space,
  type Task,
  type TaskTemplate,
} from '../../core/contracts/productivity.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { useCreateTaskOrQueue } from './make-task-calls.ts';
import { useSpace, useSpaces, useSpaceTemplates } from './productivity-calls.ts';
import { htmlToText, TaskFieldInputs, taskFieldsInput, type TaskFormValues } from './task-fields.tsx';
import { PlainForm } from './productivity-ui.tsx';

type Frequency = (typeof RECURRENCE_FREQUENCIES)[number];
const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** A record of another module the new task is about: shown in the form, sent with the task. */
export type NewTaskLink = NonNullable<CreateTaskBody['links']>[number] & { label: string };

/** What a form opened from another module's record starts with. */
export type TaskPrefill = { title: string; links: NewTaskLink[] };

/** A new task the outbox kept and the server refused when it was sent: the form opens again with it. */
export type RefusedTask = { item: OutboxItem; listId: string; input: CreateTaskBody };

/** How a create ended: the task made, or kept on the device to be sent when the connection returns. */
export type CreateOutcome = { kind: 'sent'; task: Task } | { kind: 'queued'; summary: string };

const EMPTY = {
  title: '',
  description: '',
  status: '',
  priority: 'normal',
  assignee_ids: [],
  due_on: '',
  due_time: '',
  labels: [],
  checklist: [] as string[],
  repeat: '' as Frequency | '',
  interval: 1 as number | string,
  template_id: '',
} satisfies TaskFormValues & Record<string, unknown>;
type Values = TaskFormValues & Pick<typeof EMPTY, 'checklist' | 'repeat' | 'interval' | 'template_id'>;

function startingValues(prefill: TaskPrefill | undefined, refused: RefusedTask | null): Values {
  if (!refused) return { ...EMPTY, title: prefill?.title ?? '' };
  const input = refused.input;
  return {
    title: input.title ?? '',
    description: htmlToText(input.description ?? ''),
    status: input.status ?? '',
    priority: input.priority ?? 'normal',
    assignee_ids: input.assignee_ids ?? [],
    due_on: input.due_on ?? '',
    due_time: input.due_time ?? '',
    labels: input.labels ?? [],
    checklist: input.checklist ?? [],
    repeat: input.recurrence?.freq ?? '',
    interval: input.recurrence?.interval ?? 1,
    template_id: input.template_id ?? '',
  };
}

/** The body of the create: what the form leaves empty (a blank title, no checklist) comes from the chosen template. */
export function createTaskBody(values: Values, links: readonly NewTaskLink[]): CreateTaskBody {
  const { title, ...fields } = taskFieldsInput(values);
  return {
    ...(title || !values.template_id ? { title } : {}),
    ...fields,
    checklist: values.checklist,
    recurrence: values.repeat
      ? { freq: values.repeat, interval: typeof values.interval === 'number' ? values.interval : Number(values.interval) || 0 }
      : null,
    ...(values.template_id ? { template_id: values.template_id } : {}),
    ...(links.length > 0 ? { links: links.map(({ kind, record_id, label }) => ({ kind, record_id, label })) } : {}),
  };
}

/** Fields the form shows a message beside (a message about an item of a list goes beside the list). */
const SHOWN = new Set([
  'title',
  'description',
  'status',
  'priority',
  'assignee_ids',
  'due_on',
  'due_time',
  'labels',
  'checklist',
  'template_id',
  'links',
  'list_id',
]);

/** A refusal's (or the contract's) messages by the input they stand beside; the rest are for the form as a whole. */
export function formProblems(fields: Readonly<Record<string, string>>): { errors: Record<string, string>; rest: string[] } {
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const head = path.split('.')[0]!;
    if (path === 'recurrence.interval') errors[path] ??= message;
    else if (SHOWN.has(head)) errors[head] ??= message;
    else rest.push(message);
  }
  return { errors, rest };
}

/**
 * A new task: in a given list (a list's screen), or in the space and list chosen here (from another
 * module's record, whose links it carries). Every field's problem is shown at once (the contract's
 * schema), then the server's beside its field. A repeating task needs a due date: the next one is
 * counted from it. A template of the space fills what the form leaves empty. The create goes through
 * the outbox: offline it waits on the device, and a refusal when it is sent opens the form again.
 */
export function CreateTaskModal({
  opened,
  onClose,
  listId: givenList,
  space: givenSpace,
  prefill,
  refused = null,
}: {
  opened: boolean;
  /** Closed, with how the create ended when it did. */
  onClose: (outcome?: CreateOutcome) => void;
  /** The list the task goes in; without it, the form asks for a space and a list. */
  listId?: string;
  space?: Space;
  prefill?: TaskPrefill;
  refused?: RefusedTask | null;
}) {
  return (
    <Modal opened={opened} onClose={() => onClose()} title="New task" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? (
        <TaskForm
          key={refused?.item.id ?? 'new'}
          onClose={onClose}
          givenList={givenList ?? null}
          givenSpace={givenSpace ?? null}
          prefill={prefill}
          refused={refused}
        />
      ) : null}
    </Modal>
  );
}

function TaskForm(props: {
  onClose: (outcome?: CreateOutcome) => void;
  givenList: string | null;
  givenSpace: Space | null;
  prefill: TaskPrefill | undefined;
  refused: RefusedTask | null;
}) {
  const { refused } = props;
  // A link can be taken off before sending: one the server refused (the record is gone, or no longer
  // the sender's to see) would otherwise refuse every new try.
  const [links, setLinks] = useState<NewTaskLink[]>(
    () =>
      props.prefill?.links ??
      (refused?.input.links ?? []).map((link) => ({ kind: link.kind, record_id: link.record_id, label: link.label ?? '' })),
  );
  const create = useCreateTaskOrQueue();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState<Values>(() => startingValues(props.prefill, refused));
  const [place, setPlace] = useState<{ spaceId: string | null; listId: string | null }>(() => ({
    spaceId: props.givenSpace?.id ?? null,
    listId: props.givenList ?? refused?.listId ?? null,
  }));
  const [errors, setErrors] = useState<Record<string, string>>(() => (refused ? formProblems(refused.item.fields).errors : {}));
  const [formError, setFormError] = useState<string | null>(() => {
    if (!refused) return null;
    const { rest } = formProblems(refused.item.fields);
    return rest.length > 0 ? rest.join(' ') : null;
  });
  const loaded = useSpace(props.givenSpace ? null : place.spaceId);
  const space = props.givenSpace ?? loaded.data ?? null;
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const listName = space?.lists.find((list) => list.id === place.listId)?.name ?? 'a list';

  const submit = async () => {
    const body = createTaskBody(values, links);
    const found = formProblems(schemaProblems(CreateTaskInput, body));
    const problems = found.errors;
    if (!body.title && !values.template_id) problems.title = 'Give the task a title';
    if (values.repeat && !values.due_on) problems.due_on = 'A repeating task needs a due date';
    if (!place.listId) problems.list_id = 'Choose the list the task goes in';
    setErrors(problems);
    setFormError(found.rest.length > 0 ? found.rest.join(' ') : null);
    if (Object.keys(problems).length > 0 || found.rest.length > 0 || !place.listId) return;
    const summary = `Task “${body.title || 'from a template'}” in ${listName}`;
    try {
      const outcome = await create.mutateAsync({
        listId: place.listId,
        body,
        idempotencyKey: keys.keyFor({ listId: place.listId, body }),
        summary,
        ...(refused ? { replaces: refused.item.id } : {}),
      });
      keys.reset();
      props.onClose(outcome.kind === 'sent' ? { kind: 'sent', task: outcome.answer } : { kind: 'queued', summary });
    } catch (failure) {
      const refusal = formProblems(isApiError(failure) ? failure.fields : {});
      setErrors(refusal.errors);
      setFormError(
        refusal.rest.length > 0 ? refusal.rest.join(' ') : Object.keys(refusal.errors).length > 0 ? null : errorMessage(failure),
      );
    }
  };

  return (
    <PlainForm onSubmit={() => void submit()}>
      <Stack gap="sm">
        {refused ? <RefusedItemAlert item={refused.item} onDiscarded={() => props.onClose()} /> : null}
        <FormErrorAlert message={formError} />
        {props.givenSpace ? null : (
          <PlaceChoice
            place={place}
            space={space}
            spaceError={loaded.isError ? errorMessage(loaded.error) : null}
            error={errors.list_id}
            onChange={(next) => {
              // Another space has other people and statuses: what was chosen of the earlier one goes.
              if (next.spaceId !== place.spaceId) set({ status: '', assignee_ids: [], template_id: '' });
              setPlace(next);
            }}
          />
        )}
        {links.length > 0 ? (
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              Linked to
            </Text>
            <Group gap="xs">
              {links.map((link) => (
                <Badge
                  key={`${link.kind}-${link.record_id}`}
                  variant="light"
                  c="var(--mantine-color-text)"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={`Remove the link to ${link.label || link.kind.replace('_', ' ')}`}
                      onClick={() => {
                        setLinks((current) => current.filter((other) => other !== link));
                        setErrors(({ links: _removed, ...rest }) => rest);
                      }}
                    />
                  }
                >
                  {link.label || link.kind.replace('_', ' ')}
                </Badge>
              ))}
            </Group>
            {errors.links ? (
              <Text fz="sm" c="red" role="alert">
                {errors.links}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <TemplateChoice spaceId={space?.id ?? null} value={values.template_id} error={errors.template_id} set={set} />
        <TaskFieldInputs values={values} errors={errors} set={set} statuses={space?.statuses ?? []} people={space?.members ?? []} />
        <TagsInput
          label="Checklist"
          description="Type an item and press Enter"
          value={values.checklist}
          error={errors.checklist}
          onChange={(checklist) => set({ checklist })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Repeats"
            data={[
              { value: '', label: 'Does not repeat' },
              ...RECURRENCE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] })),
            ]}
            value={values.repeat}
            allowDeselect={false}
            onChange={(repeat) => set({ repeat: (repeat ?? '') as Frequency | '' })}
            miw={140}
          />
          <NumberInput
            label="Every"
            min={1}
            max={99}
            disabled={!values.repeat}
            value={values.interval}
            error={errors['recurrence.interval']}
            onChange={(interval) => set({ interval })}
            miw={100}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create the task
          </Button>
        </Group>
      </Stack>
    </PlainForm>
  );
}

/** The space and list a task made from another module's record goes in: the spaces the person can add tasks to. */
function PlaceChoice(props: {
  place: { spaceId: string | null; listId: string | null };
  space: Space | null;
  spaceError: string | null;
  error: string | undefined;
  onChange: (place: { spaceId: string | null; listId: string | null }) => void;
}) {
  const spaces = useSpaces();
  const open = (spaces.data ?? []).filter((space) => !space.archived);
  const lists = props.space?.id === props.place.spaceId ? (props.space?.lists ?? []).filter((list) => !list.archived) : [];
  const { spaceId, listId } = props.place;
  const { onChange } = props;
  const firstSpace = open[0]?.id ?? null;
  const firstList = lists[0]?.id ?? null;
  // The first space and its first list are chosen until the person chooses others.
  useEffect(() => {
    if (spaceId === null && firstSpace !== null) onChange({ spaceId: firstSpace, listId: null });
    else if (spaceId !== null && listId === null && firstList !== null) onChange({ spaceId, listId: firstList });
  }, [spaceId, listId, firstSpace, firstList, onChange]);
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label="Space"
        required
        data={open.map((space) => ({ value: space.id, label: space.name }))}
        value={spaceId}
        allowDeselect={false}
        disabled={spaces.isPending}
        placeholder={spaces.isPending ? 'Loading the spaces…' : undefined}
        error={spaces.isError ? errorMessage(spaces.error) : undefined}
        nothingFoundMessage="You are in no space"
        onChange={(next) => next && props.onChange({ spaceId: next, listId: null })}
        miw={160}
      />
      <Select
        label="List"
        required
        data={lists.map((list) => ({ value: list.id, label: list.name }))}
        value={listId}
        allowDeselect={false}
        disabled={spaceId === null || props.space === null}
        placeholder={spaceId !== null && props.space === null && !props.spaceError ? 'Loading the lists…' : undefined}
        description={props.space !== null && lists.length === 0 ? 'This space has no list yet: add one in productivity first' : undefined}
        error={props.error ?? props.spaceError ?? undefined}
        onChange={(next) => next && props.onChange({ spaceId, listId: next })}
        miw={160}
      />
    </Group>
  );
}

/** What a template fills in, in a few words. */
function templateSummary(template: TaskTemplate): string {
  const parts = [template.content.title ? `“${template.content.title}”` : null];
  if (template.content.checklist.length) parts.push(`${template.content.checklist.length} checklist items`);
  if (template.content.labels.length) parts.push(`labels ${template.content.labels.join(', ')}`);
  return parts.filter(Boolean).join(', ');
}

/** A template of the space: what the form leaves empty comes from it. */
function TemplateChoice(props: {
  spaceId: string | null;
  value: string;
  error: string | undefined;
  set: (change: Partial<Values>) => void;
}) {
  // Kept on the device: the list reads them ahead, so a task made offline can start from one.
  const templates = useSpaceTemplates(props.spaceId);
  const chosen = templates.data?.find((template) => template.id === props.value);
  const description = templates.isPending
    ? props.spaceId
      ? 'Loading the space’s templates…'
      : undefined
    : templates.isError
      ? `The templates could not be loaded: ${errorMessage(templates.error)}`
      : templates.data.length === 0
        ? 'This space has no templates yet'
        : chosen
          ? `What you leave empty comes from the template: ${templateSummary(chosen)}`
          : 'Start from a template of the space: it fills what you leave empty';
  return (
    <Select
      label="Template"
      data={[{ value: '', label: 'No template' }, ...(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))]}
      value={props.value}
      allowDeselect={false}
      disabled={!templates.data || templates.data.length === 0}
      description={description}
      error={props.error}
      onChange={(template_id) => props.set({ template_id: template_id ?? '' })}
    />
  );
}
