import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BinderDetail } from '../../../core/contracts/fto.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useSetBinderTrainers } from '../fto-calls.ts';
import { ftoPeopleSearch } from './people-search.ts';

const trainers = ftoPeopleSearch('trainer');

/**
 * The coordinator changes who trains the trainee in each phase (a trainer on leave, a second FTO for
 * nights). Each phase may have several; a phase with none is left unassigned. Saved with the binder's
 * version, so two coordinators editing at once do not overwrite each other.
 */
export function BinderTrainersDialog({ binder, onClose }: { binder: BinderDetail; onClose: () => void }) {
  const save = useSetBinderTrainers();
  const [byPhase, setByPhase] = useState<Record<string, Array<string | null>>>(() =>
    Object.fromEntries(
      binder.program.phases.map((phase) => {
        const ids = binder.trainers.filter((t) => t.phase_key === phase.key).map((t) => t.trainer_id);
        return [phase.key, ids.length ? ids : [null]];
      }),
    ),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (phaseKey: string, index: number, id: string | null) =>
    setByPhase((current) => ({ ...current, [phaseKey]: current[phaseKey]!.map((value, i) => (i === index ? id : value)) }));
  const submit = async () => {
    setError(null);
    setFields({});
    const sent = binder.program.phases.flatMap((phase) =>
      [...new Set(byPhase[phase.key]!.filter((id): id is string => id !== null))].map((id) => ({ phase_key: phase.key, trainer_id: id })),
    );
    try {
      await save.mutateAsync({ id: binder.id, trainers: sent, version: binder.version });
      onClose();
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length) {
        // `trainers.2.trainer_id` names the third assignment sent: shown beside that phase.
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(failure.fields)) {
          const match = /^trainers\.(\d+)\./.exec(path);
          placed[match ? `phase.${sent[Number(match[1])]?.phase_key}` : path] = message;
        }
        setFields(placed);
      } else setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Trainers of ${binder.trainee_name}`} size="lg">
      <Stack gap="md">
        <Text fz="sm">A trainer sees the binder and writes its DORs. A newly assigned trainer is told in the bell and by e-mail.</Text>
        {binder.program.phases.map((phase) => (
          <Stack key={phase.key} gap={6}>
            {byPhase[phase.key]!.map((id, index) => (
              <PersonPicker
                key={`${phase.key}-${index}`}
                search={trainers}
                label={index === 0 ? phase.name : `${phase.name}: another trainer`}
                value={id}
                onChange={(next) => set(phase.key, index, next)}
                exclude={byPhase[phase.key]!.filter((other, i): other is string => other !== null && i !== index)}
                clearable
                error={index === 0 ? fields[`phase.${phase.key}`] : undefined}
              />
            ))}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setByPhase((current) => ({ ...current, [phase.key]: [...current[phase.key]!, null] }))}
              >
                Add a trainer to {phase.name}
              </Button>
            </Group>
          </Stack>
        ))}
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            Save the trainers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
