import { Alert, Button, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FtoSettings } from '../../../core/contracts/fto.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useFtoSettings, usePrograms, useUpdateFtoSettings } from '../fto-calls.ts';

function SettingsEditor({ settings }: { settings: FtoSettings }) {
  const programs = usePrograms();
  const update = useUpdateFtoSettings();
  const [defaultProgram, setDefaultProgram] = useState(settings.default_program_id);
  const [seeComments, setSeeComments] = useState(settings.trainee_sees_comments_before_acknowledging);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ default_program_id: defaultProgram, trainee_sees_comments_before_acknowledging: seeComments });
      notifications.show({ color: 'green', title: 'Saved', message: 'The field training settings are saved.' });
    } catch (failure) {
      setError(errorMessage(failure));
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
          maw={480}
        />
        <Switch
          label="Trainees see the trainer’s comments before they acknowledge a DOR"
          description="Off: the ratings show, the comments only once acknowledged (trainer and trainee usually review it together)"
          checked={seeComments}
          onChange={(event) => setSeeComments(event.currentTarget.checked)}
        />
        <Text fz="sm" c="dimmed">
          Approving a DOR needs the Field training administrator permission (give it through a role), and is never done by the DOR’s own
          trainer.
        </Text>
        <FormErrorAlert message={error} />
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
  const { refetch } = settings;
  const failed = settings.isError;
  useEffect(() => {
    if (moduleEnabled && failed) void refetch();
  }, [moduleEnabled, failed, refetch]);
  if (moduleEnabled === false || (isApiError(settings.error) && settings.error.code === 'module_disabled'))
    return (
      <Alert color="gray" icon={<IconPlugOff aria-hidden />} title="Field training is off">
        Switch the module on to set up its program and settings.
      </Alert>
    );
  if (settings.isPending) return <LoadingState label="Loading the field training settings…" />;
  if (settings.isError)
    return (
      <ErrorState
        title="The field training settings could not be loaded"
        message={errorMessage(settings.error)}
        onRetry={() => void refetch()}
      />
    );
  return <SettingsEditor settings={settings.data} />;
}
