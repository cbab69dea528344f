import { Button, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FtoSettings } from '../../../core/contracts/fto.ts';
import { errorMessage, isApiError, type ApiError } from '../../lib/api-error.ts';
import { useRoles } from '../../lib/roles.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useFtoSettings, usePrograms, useUpdateFtoSettings } from '../fto-calls.ts';
import { ModuleSettingsGate } from '../../lib/module-settings-gate.tsx';

function SettingsEditor({ settings }: { settings: FtoSettings }) {
  const programs = usePrograms();
  const update = useUpdateFtoSettings();
  const [defaultProgram, setDefaultProgram] = useState(settings.default_program_id);
  const roles = useRoles();
  const [seeComments, setSeeComments] = useState(settings.trainee_sees_comments_before_acknowledging);
  const [approverRole, setApproverRole] = useState(settings.approver_role_id);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const fieldError = (field: string) => (isApiError(error) ? error.fields[field] : undefined);
  // A role deleted since it was chosen narrows nothing on the server; show it as "any administrator".
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const shownRole = roles.data && approverRole && !roleOptions.some((o) => o.value === approverRole) ? null : approverRole;
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        default_program_id: defaultProgram,
        trainee_sees_comments_before_acknowledging: seeComments,
        approver_role_id: shownRole,
      });
      notifications.show({ color: 'green', title: 'Saved', message: 'The field training settings are saved.' });
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(errorMessage(failure)));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="fto-settings-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="fto-settings-heading">
          Field training settings
        </Title>
        <Select
          label="Default program"
          description="Offered first when the coordinator opens a binder"
          data={(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={defaultProgram}
          onChange={setDefaultProgram}
          clearable
          placeholder="The first program"
          error={fieldError('default_program_id')}
          maw={480}
        />
        <Select
          label="Who may approve DORs"
          description="Approvers hold the Field training administrator permission; pick a role to narrow it to its members (e.g. sergeants)"
          data={roleOptions}
          value={shownRole}
          onChange={setApproverRole}
          searchable
          clearable
          disabled={roles.isPending}
          placeholder={roles.isError ? 'The roles could not be loaded' : 'Any field training administrator'}
          error={fieldError('approver_role_id') ?? (roles.isError ? errorMessage(roles.error) : undefined)}
          maw={480}
        />
        <Switch
          label="Trainees see the trainer’s comments before they acknowledge a DOR"
          description="Off: the ratings show, the comments only once acknowledged (trainer and trainee usually review it together)"
          checked={seeComments}
          onChange={(event) => setSeeComments(event.currentTarget.checked)}
        />
        <Text fz="sm" c="dimmed">
          A DOR is never approved by the trainer who wrote it.
        </Text>
        <FormErrorAlert
          message={error && !fieldError('approver_role_id') && !fieldError('default_program_id') ? errorMessage(error) : null}
        />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending}>
            Save the settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/modules/fto below the module switch: the default program and what a trainee sees before acknowledging. */
export function FtoSettingsPanel({ moduleEnabled }: { moduleEnabled?: boolean | undefined }) {
  const settings = useFtoSettings();
  return (
    <ModuleSettingsGate
      moduleEnabled={moduleEnabled}
      settings={settings}
      module="Field training"
      holds="the default program and who approves DORs"
    >
      {(data) => <SettingsEditor settings={data} />}
    </ModuleSettingsGate>
  );
}
