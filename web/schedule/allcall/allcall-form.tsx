import { Alert, Button, Card, Group, List, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScheduleSetup } from '../../../core/contracts/schedule.ts';
import {
  ALLCALL_CHANNEL_LABELS,
  ALLCALL_TIERS,
  allcallApi,
  EXCLUSION_REASON_LABELS,
  type AllcallDetail,
  type AllcallInput,
} from '../../../core/contracts/schedule-allcall.ts';
import { zonedTimeToInstant } from '../../../core/dates.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { queryKey } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { agencyToday } from '../schedule-times.ts';
import { allcallAudience, useSendAllcall } from './allcall-calls.ts';

/**
 * Sending an all-call: the shift (type, date, position, a note), until when replies count, and who it
 * asks (groups, positions, tiers; none chosen: everyone on a schedule). How many officers the filter
 * reaches, and who it leaves out and why, shows before it is sent.
 */

type Values = {
  shift_type_id: string;
  date: string;
  position: string;
  note: string;
  closes_date: string;
  closes_time: string;
  group_ids: string[];
  positions: string[];
  tiers: string[];
};

function validate(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.shift_type_id) errors.shift_type_id = 'Choose the shift';
  if (!values.date) errors.date = 'Choose the date';
  if (!values.position) errors.position = 'Choose the position the officer works';
  if (values.note.length > 300) errors.note = 'Use at most 300 characters';
  if (Boolean(values.closes_date) !== Boolean(values.closes_time))
    errors[values.closes_date ? 'closes_time' : 'closes_date'] = 'Give both the date and the time, or neither';
  return errors;
}

export function AllcallForm({
  setup,
  onSent,
  onClose,
}: {
  setup: ScheduleSetup;
  onSent: (call: AllcallDetail) => void;
  onClose: () => void;
}) {
  const today = agencyToday(setup.timezone);
  const form = useForm<Values>({
    initialValues: {
      shift_type_id: '',
      date: today,
      position: setup.positions.includes('Patrol') ? 'Patrol' : (setup.positions[0] ?? ''),
      note: '',
      closes_date: '',
      closes_time: '',
      group_ids: [],
      positions: [],
      tiers: [],
    },
    validate,
  });
  const send = useSendAllcall();
  const [formError, setFormError] = useState<string | null>(null);
  const v = form.values;
  const audienceInput =
    v.shift_type_id && /^\d{4}-\d{2}-\d{2}$/.test(v.date)
      ? { shift_type_id: v.shift_type_id, date: v.date, group_ids: v.group_ids, positions: v.positions, tiers: v.tiers.map(Number) }
      : null;
  const audience = useQuery({
    queryKey: queryKey(allcallApi.audience, audienceInput),
    queryFn: ({ signal }) => allcallAudience(audienceInput!, signal),
    enabled: audienceInput !== null,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const closesAt =
      values.closes_date && values.closes_time
        ? zonedTimeToInstant(
            {
              year: Number(values.closes_date.slice(0, 4)),
              month: Number(values.closes_date.slice(5, 7)),
              day: Number(values.closes_date.slice(8, 10)),
              hour: Number(values.closes_time.slice(0, 2)),
              minute: Number(values.closes_time.slice(3, 5)),
            },
            setup.timezone,
          )
        : null;
    const input: AllcallInput = {
      shift_type_id: values.shift_type_id,
      date: values.date,
      position: values.position,
      note: values.note,
      group_ids: values.group_ids,
      positions: values.positions,
      tiers: values.tiers.map(Number),
      ...(closesAt && !Number.isNaN(closesAt.getTime()) ? { closes_at: closesAt.toISOString() } : {}),
    };
    try {
      const call = await send.mutateAsync(input);
      notifications.show({
        color: 'green',
        title: `All-call ${call.number} sent`,
        message: `Sent to ${call.asked} ${call.asked === 1 ? 'officer' : 'officers'}; the first to accept gets it.`,
      });
      onSent(call);
    } catch (error) {
      // A refusal naming closes_at belongs beside the two fields that make it.
      const message = applyServerErrors(
        {
          setFieldError: (path, text) => form.setFieldError(path === 'closes_at' ? 'closes_time' : path, text),
          getValues: () => ({ ...form.getValues(), closes_at: '' }),
        },
        error,
      );
      setFormError(message);
    }
  });

  const types = setup.shift_types
    .filter((type) => !type.archived)
    .map((type) => ({ value: type.id, label: `${type.code} · ${type.name} (${type.start_time}–${type.end_time})` }));
  const groups = setup.groups.map((group) => ({ value: group.id, label: group.name }));
  const reach = audience.data?.count ?? 0;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="send-allcall-heading">
      <form onSubmit={submit} noValidate aria-labelledby="send-allcall-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="send-allcall-heading">
            Send an all-call
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Shift"
              required
              placeholder="Choose a shift type"
              data={types}
              key={form.key('shift_type_id')}
              {...form.getInputProps('shift_type_id')}
              onChange={(value) => form.setFieldValue('shift_type_id', value ?? '')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput type="date" label="Date" required min={today} key={form.key('date')} {...form.getInputProps('date')} />
            <Select
              label="Position"
              required
              data={setup.positions}
              key={form.key('position')}
              {...form.getInputProps('position')}
              onChange={(value) => form.setFieldValue('position', value ?? '')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            description="Why, and anything the officer should know"
            autosize
            minRows={2}
            key={form.key('note')}
            {...form.getInputProps('note')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Replies count until (date)"
              description="Leave both empty: until the shift starts"
              min={today}
              key={form.key('closes_date')}
              {...form.getInputProps('closes_date')}
            />
            <TextInput
              type="time"
              label="Replies count until (time)"
              description="The agency’s time"
              key={form.key('closes_time')}
              {...form.getInputProps('closes_time')}
            />
          </SimpleGrid>
          <Title order={3} fz="md">
            Who it asks
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MultiSelect
              label="Groups"
              placeholder="Any group"
              data={groups}
              clearable
              key={form.key('group_ids')}
              {...form.getInputProps('group_ids')}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Positions"
              placeholder="Any position"
              data={setup.positions}
              clearable
              key={form.key('positions')}
              {...form.getInputProps('positions')}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="All-call tiers"
              placeholder="Any tier"
              data={ALLCALL_TIERS.map((tier) => ({ value: String(tier), label: `Tier ${tier}` }))}
              clearable
              key={form.key('tiers')}
              {...form.getInputProps('tiers')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Audience state={audience} chosen={audienceInput !== null} />
          <FormErrorAlert message={formError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" color="red" leftSection={<IconSpeakerphone size={16} aria-hidden />} loading={send.isPending}>
              {reach > 0 ? `Send to ${reach} ${reach === 1 ? 'officer' : 'officers'}` : 'Send the all-call'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Audience({ state, chosen }: { state: ReturnType<typeof useQuery<Awaited<ReturnType<typeof allcallAudience>>>>; chosen: boolean }) {
  if (!chosen)
    return (
      <Text fz="sm" c="dimmed">
        Choose the shift and date to see who it reaches.
      </Text>
    );
  if (state.isPending)
    return (
      <Text fz="sm" c="dimmed" aria-live="polite">
        Counting who it reaches…
      </Text>
    );
  if (state.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="Who it reaches could not be counted">
        {errorMessage(state.error)}
      </Alert>
    );
  const { count, people, excluded } = state.data;
  return (
    <Alert
      color={count > 0 ? 'blue' : 'yellow'}
      variant="light"
      title={`Reaches ${count} ${count === 1 ? 'officer' : 'officers'}`}
      aria-live="polite"
      data-testid="allcall-reach"
    >
      <Stack gap={4}>
        {people.length > 0 ? (
          <Text fz="sm">
            {people
              .slice(0, 12)
              .map((p) => `${p.name} (${p.channels.map((c) => ALLCALL_CHANNEL_LABELS[c].toLowerCase()).join(', ')})`)
              .join(' · ')}
            {people.length > 12 ? ` and ${people.length - 12} more` : ''}
          </Text>
        ) : (
          <Text fz="sm">Nobody eligible matches: widen the groups, positions or tiers.</Text>
        )}
        {excluded.length > 0 ? (
          <>
            <Text fz="sm" fw={600}>
              Left out
            </Text>
            <List size="sm">
              {excluded.map((person) => (
                <List.Item key={person.user_id}>
                  {person.name}: {EXCLUSION_REASON_LABELS[person.reason].toLowerCase()}
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
