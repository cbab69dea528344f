import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useCreateBinder, usePrograms } from '../fto-calls.ts';
import { ftoPeopleSearch } from './people-search.ts';

const trainees = ftoPeopleSearch('trainee');
const trainers = ftoPeopleSearch('trainer');

/** The coordinator opens a binder: trainee, program, start date and a trainer for each phase. */
export function StartBinderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const programs = usePrograms();
  const create = useCreateBinder();
  const navigate = useNavigate();
  const [traineeId, setTraineeId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [trainerOf, setTrainerOf] = useState<Record<string, string | null>>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const program = programs.data?.find((p) => p.id === (programId ?? programs.data[0]?.id));
  const submit = async () => {
    setError(null);
    const missing: Record<string, string> = {};
    if (!traineeId) missing.trainee_id = 'Choose the trainee';
    if (!program) missing.program_id = 'Choose a program';
    setFields(missing);
    if (Object.keys(missing).length || !program || !traineeId) return;
    const phases = program.content.phases;
    try {
      const binder = await create.mutateAsync({
        key,
        input: {
          trainee_id: traineeId,
          program_id: program.id,
          start_date: startDate,
          trainers: phases.flatMap((p) => (trainerOf[p.key] ? [{ phase_key: p.key, trainer_id: trainerOf[p.key]! }] : [])),
        },
      });
      notifications.show({ color: 'green', title: 'Binder opened', message: `${binder.trainee_name} starts in ${binder.phase_name}.` });
      setKey(crypto.randomUUID());
      onClose();
      await navigate({ to: '/fto/admin/binder/$binder_id', params: { binder_id: binder.id } });
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length) {
        // `trainers.2.trainer_id` names the third assignment sent: shown beside that phase's picker.
        const sent = program.content.phases.filter((p) => trainerOf[p.key]);
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(failure.fields)) {
          const match = /^trainers\.(\d+)\./.exec(path);
          placed[match ? `trainer.${sent[Number(match[1])]?.key}` : path] = message;
        }
        setFields(placed);
      } else setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Open a field training binder" size="lg">
      <Stack gap="sm">
        <PersonPicker search={trainees} label="Trainee" value={traineeId} onChange={setTraineeId} error={fields.trainee_id} />
        <Select
          label="Program"
          data={(programs.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (version ${p.version_number})` }))}
          value={program?.id ?? null}
          onChange={setProgramId}
          allowDeselect={false}
          error={fields.program_id}
        />
        <TextInput
          type="date"
          label="Start date"
          required
          value={startDate}
          onChange={(e) => setStartDate(e.currentTarget.value)}
          error={fields.start_date}
        />
        {program ? (
          <Stack gap="xs">
            <Text fz="sm" fw={600}>
              Trainer for each phase
            </Text>
            {program.content.phases.map((phase) => (
              <PersonPicker
                key={phase.key}
                search={trainers}
                label={phase.name}
                value={trainerOf[phase.key] ?? null}
                onChange={(id) => setTrainerOf((current) => ({ ...current, [phase.key]: id }))}
                clearable
                error={fields[`trainer.${phase.key}`]}
              />
            ))}
          </Stack>
        ) : null}
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending}>
            Open the binder
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
