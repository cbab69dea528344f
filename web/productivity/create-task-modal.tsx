import { Button, Group, Modal, NumberInput, Select, Stack, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { CreateTaskInput, RECURRENCE_FREQUENCIES, type Space } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { schemaProblems } from '../lib/form-errors.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useCreateTask } from './productivity-calls.ts';
import { refusalOf } from './productivity-ui.tsx';
import { PlainForm, TaskFieldInputs, taskFieldsInput, type TaskFormValues } from './task-fields.tsx';

type Frequency = (typeof RECURRENCE_FREQUENCIES)[number];
const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

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
} satisfies TaskFormValues & Record<string, unknown>;
type Values = TaskFormValues & Pick<typeof EMPTY, 'checklist' | 'repeat' | 'interval'>;

function inputOf(values: Values): CreateTaskInput {
  return {
    ...taskFieldsInput(values),
    checklist: values.checklist,
    recurrence: values.repeat
      ? { freq: values.repeat, interval: typeof values.interval === 'number' ? values.interval : Number(values.interval) || 0 }
      : null,
  };
}

/**
 * A new task in a list: every field's problem shown at once (the contract's schema), then the
 * server's beside its field. A repeating task needs a due date: the next one is counted from it.
 */
export function CreateTaskModal({
  opened,
  onClose,
  listId,
  space,
}: {
  opened: boolean;
  onClose: () => void;
  listId: string;
  space: Space;
}) {
  const create = useCreateTask();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const submit = () => {
    const body = inputOf(values);
    const problems = schemaProblems(CreateTaskInput, body);
    if (!body.title) problems.title = 'Give the task a title';
    if (values.repeat && !values.due_on) problems.due_on = 'A repeating task needs a due date';
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { listId, body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.reset();
          setValues(EMPTY);
          onClose();
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
    <Modal opened={opened} onClose={onClose} title="New task" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <PlainForm onSubmit={submit}>
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <TaskFieldInputs values={values} errors={errors} set={set} statuses={space.statuses} people={space.members} />
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
    </Modal>
  );
}
