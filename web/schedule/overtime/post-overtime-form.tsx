import { Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CreateOvertimeInput, OVERTIME_RULE_LABELS, type OvertimeDetail } from '../../../core/contracts/schedule-overtime.ts';
import { OVERTIME_RULES, type OvertimeMode, type OvertimeRule, type ScheduleSetup } from '../../../core/contracts/schedule.ts';
import { zonedTimeToInstant } from '../../../core/dates.ts';
import { shiftInstants } from '../../../core/schedule/schedule-rules.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { FormErrorAlert, LoadingState, ErrorState } from '../../ui/states.tsx';
import { useScheduleSetup } from '../schedule-calls.ts';
import { localWallClock } from '../schedule-times.ts';
import { usePostOvertime } from './overtime-calls.ts';

/** What the form starts from: a staffing gap's date, shift type, group and position, or nothing. */
export type OvertimeDraft = { date: string; shift_type_id: string; group_id: string | null; position: string | null };

type Values = {
  date: string;
  shift_type_id: string;
  group_id: string;
  position: string;
  slots: number | string;
  rule: OvertimeRule | 'agency';
  mode: OvertimeMode;
  deadline: string;
  wait: number | string;
  note: string;
};

/** When sign-ups close by default: 12 hours before the shift starts, or half-way there when it starts sooner. */
export function defaultDeadline(startsAt: Date, now = new Date()): Date {
  const twelveBefore = startsAt.getTime() - 12 * 3_600_000;
  return new Date(twelveBefore > now.getTime() + 3_600_000 ? twelveBefore : now.getTime() + (startsAt.getTime() - now.getTime()) / 2);
}

function startOf(setup: ScheduleSetup, date: string, typeId: string): Date | null {
  const type = setup.shift_types.find((t) => t.id === typeId);
  if (!type || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return shiftInstants(date, type, setup.timezone).startsAt;
}

/** `YYYY-MM-DDTHH:mm` in the agency's time zone (a datetime-local field's value) and back. */
const toLocalInput = (instant: Date, timeZone: string) => localWallClock(instant, timeZone).replace(' ', 'T').slice(0, 16);
function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return zonedTimeToInstant({ year, month, day, hour, minute }, timeZone).toISOString();
}

export function PostOvertimeDialog({ draft, onClose }: { draft: OvertimeDraft | null; onClose: () => void }) {
  const setup = useScheduleSetup();
  return (
    <Modal opened={draft !== null} onClose={onClose} title="Post an open shift" size="lg">
      {setup.isPending ? (
        <LoadingState label="Loading the shift types…" />
      ) : setup.isError ? (
        <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
      ) : draft ? (
        <PostForm setup={setup.data} draft={draft} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function PostForm({ setup, draft, onDone }: { setup: ScheduleSetup; draft: OvertimeDraft; onDone: (posted: OvertimeDetail) => void }) {
  const post = usePostOvertime();
  const [key] = useState(() => crypto.randomUUID());
  const start = startOf(setup, draft.date, draft.shift_type_id);
  const [values, setValues] = useState<Values>({
    date: draft.date,
    shift_type_id: draft.shift_type_id,
    group_id: draft.group_id ?? '',
    position: draft.position ?? '',
    slots: 1,
    rule: 'agency',
    mode: 'signup',
    deadline: start ? toLocalInput(defaultDeadline(start), setup.timezone) : '',
    wait: '',
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const types = setup.shift_types.filter((type) => !type.archived);

  const body = () => ({
    shift_type_id: values.shift_type_id,
    date: values.date,
    position: values.position,
    group_id: values.group_id || null,
    slots: typeof values.slots === 'number' ? values.slots : Number.NaN,
    note: values.note,
    ...(values.rule === 'agency' ? {} : { rule: values.rule }),
    mode: values.mode,
    signup_deadline: values.mode === 'signup' ? (fromLocalInput(values.deadline, setup.timezone) ?? '') : new Date().toISOString(),
    ...(values.wait === '' ? {} : { offer_wait_minutes: typeof values.wait === 'number' ? values.wait : Number.NaN }),
    from_gap: draft.shift_type_id !== '' && values.date === draft.date && values.shift_type_id === draft.shift_type_id,
  });

  const submit = async () => {
    setFormError(null);
    const input = body();
    const problems = schemaProblems(CreateOvertimeInput, input);
    if (!values.shift_type_id) problems.shift_type_id = 'Choose a shift type';
    if (!values.position) problems.position = 'Choose a position';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const posted = await post.mutateAsync({ input, key });
      notifications.show({ color: 'green', title: 'Posted', message: `Open shift ${posted.code} on ${posted.date} posted.` });
      onDone(posted);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        setErrors({ ...failure.fields, ...(failure.fields.signup_deadline ? { deadline: failure.fields.signup_deadline } : {}) });
        setFormError('Some fields need fixing; they are marked.');
      } else setFormError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Date"
          required
          value={values.date}
          onChange={(e) => set('date', e.currentTarget.value)}
          error={errors.date}
        />
        <Select
          label="Shift type"
          required
          data={types.map((type) => ({ value: type.id, label: `${type.code} ${type.name} (${type.start_time}–${type.end_time})` }))}
          value={values.shift_type_id || null}
          onChange={(value) => set('shift_type_id', value ?? '')}
          error={errors.shift_type_id}
        />
        <Select
          label="Position"
          required
          data={setup.positions}
          value={values.position || null}
          onChange={(value) => set('position', value ?? '')}
          error={errors.position}
        />
        <Select
          label="Group"
          placeholder="Any group"
          clearable
          data={setup.groups.map((group) => ({ value: group.id, label: group.name }))}
          value={values.group_id || null}
          onChange={(value) => set('group_id', value ?? '')}
          error={errors.group_id}
        />
        <NumberInput
          label="Officers needed"
          required
          min={1}
          max={20}
          value={values.slots}
          onChange={(value) => set('slots', value)}
          error={errors.slots}
        />
        <Select
          label="Awarded by"
          data={[
            { value: 'agency', label: 'The agency’s rule' },
            ...OVERTIME_RULES.map((rule) => ({ value: rule, label: OVERTIME_RULE_LABELS[rule] })),
          ]}
          value={values.rule}
          onChange={(value) => set('rule', (value ?? 'agency') as Values['rule'])}
          allowDeselect={false}
          error={errors.rule}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="ot-mode-label">
          How officers get it
        </Text>
        <SegmentedControl
          aria-labelledby="ot-mode-label"
          data={[
            { value: 'signup', label: 'Sign-up, then award' },
            { value: 'offer', label: 'Offer one at a time' },
          ]}
          value={values.mode}
          onChange={(value) => set('mode', value as OvertimeMode)}
        />
      </Stack>
      {values.mode === 'signup' ? (
        <TextInput
          type="datetime-local"
          label="Sign-ups close"
          description={`In the agency’s time zone (${setup.timezone})`}
          required
          value={values.deadline}
          onChange={(e) => set('deadline', e.currentTarget.value)}
          error={errors.deadline ?? errors.signup_deadline}
        />
      ) : (
        <NumberInput
          label="Minutes each officer has to answer"
          placeholder="The agency’s wait"
          min={1}
          max={1440}
          value={values.wait}
          onChange={(value) => set('wait', value)}
          error={errors.offer_wait_minutes}
        />
      )}
      <Textarea
        label="Note"
        autosize
        minRows={2}
        value={values.note}
        onChange={(e) => set('note', e.currentTarget.value)}
        error={errors.note}
      />
      <FormErrorAlert message={formError} />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={post.isPending}>
          Post the open shift
        </Button>
      </Group>
    </Stack>
  );
}
