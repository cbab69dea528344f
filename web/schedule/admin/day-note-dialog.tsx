import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DayNoteInput, type DayNote, type ScheduleSetup } from '../../../core/contracts/schedule.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useSaveDayNote } from '../schedule-calls.ts';
import { longDate } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';

/** A day's note (briefing items, events) and its officer in charge, chosen from the people on the schedule. */
export function DayNoteDialog(props: { date: string; note: DayNote | undefined; setup: ScheduleSetup; onClose: () => void }) {
  const save = useSaveDayNote();
  const [note, setNote] = useState(props.note?.note ?? '');
  const [officer, setOfficer] = useState<string | null>(props.note?.officer_in_charge_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const people = [
    ...new Map(
      props.setup.assignments.map((entry) => [entry.user_id, { value: entry.user_id, label: `${entry.user_name} (${entry.position})` }]),
    ).values(),
  ].sort((a, b) => a.label.localeCompare(b.label));
  if (props.note?.officer_in_charge_id && !people.some((person) => person.value === props.note?.officer_in_charge_id))
    people.unshift({ value: props.note.officer_in_charge_id, label: props.note.officer_in_charge_name ?? 'Officer in charge' });

  const submit = async () => {
    setFormError(null);
    const input = { note, officer_in_charge_id: officer };
    const found = schemaProblems(DayNoteInput, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ date: props.date, input });
      notifications.show({ color: 'green', title: 'Saved', message: `The note for ${longDate(props.date)} is saved.` });
      props.onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={`Day note, ${longDate(props.date)}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Select
          label="Officer in charge"
          placeholder="Nobody named"
          clearable
          searchable
          data={people}
          value={officer}
          onChange={setOfficer}
          error={errors.officer_in_charge_id}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Note"
          description="Shows on the day for everyone and on the printed roster."
          autosize
          minRows={3}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        <FormErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the note
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
