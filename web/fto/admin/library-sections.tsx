import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { useForm } from '@mantine/form';
import type { ProgramInput } from '../../../core/contracts/fto.ts';

type ProgramForm = ReturnType<typeof useForm<ProgramInput>>;

/** A key for a new task or policy from its title, unique among `taken` (lower-case letters, digits and _). */
export function keyFrom(title: string, taken: readonly string[], fallback: string): string {
  const base = (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || fallback
  ).slice(0, 34);
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}_${n}`;
  return key;
}

/**
 * The program's task library, phase by phase: what a trainer signs off on each trainee's tasksheets.
 * Binders started before keep their own copy, so removing a task here changes no trainee's record.
 */
export function TaskLibrarySection({ form }: { form: ProgramForm }) {
  const { content } = form.getValues();
  const add = (phaseKey: string) =>
    form.insertListItem('content.tasks', {
      key: keyFrom(
        `task ${content.tasks.length + 1}`,
        content.tasks.map((t) => t.key),
        'task',
      ),
      phase_key: phaseKey,
      title: '',
      description: '',
    });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="tasks-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="tasks-heading">
          Task library
        </Title>
        <Text fz="sm">What each trainee is shown in each phase; a trainer signs every task off on the trainee’s tasksheet.</Text>
        {content.phases.map((phase) => (
          <Stack key={phase.key} gap="xs">
            <Title order={3} fz="md">
              {phase.name}
            </Title>
            {content.tasks.every((t) => t.phase_key !== phase.key) ? (
              <Text fz="sm" c="dimmed">
                No task in this phase.
              </Text>
            ) : null}
            {content.tasks.map((task, i) =>
              task.phase_key === phase.key ? (
                <Group key={task.key} align="flex-start" gap="xs" wrap="wrap">
                  <TextInput label="Task" required style={{ flex: '1 1 14rem' }} {...form.getInputProps(`content.tasks.${i}.title`)} />
                  <Textarea
                    label="What it involves"
                    autosize
                    minRows={1}
                    style={{ flex: '2 1 18rem' }}
                    {...form.getInputProps(`content.tasks.${i}.description`)}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    mt={24}
                    onClick={() => form.removeListItem('content.tasks', i)}
                    aria-label={`Remove the task ${task.title || `${i + 1}`} from ${phase.name}`}
                  >
                    Remove
                  </Button>
                </Group>
              ) : null,
            )}
            <Group>
              <Button variant="light" size="sm" onClick={() => add(phase.key)}>
                Add a task to {phase.name}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** The policies every trainee reads and acknowledges; a new version of a policy is acknowledged again by binders started on it. */
export function PoliciesSection({ form }: { form: ProgramForm }) {
  const { content } = form.getValues();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="policies-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="policies-heading">
          Policies to acknowledge
        </Title>
        {content.policies.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No policy yet.
          </Text>
        ) : null}
        {content.policies.map((policy, i) => (
          <Stack key={policy.key} gap="xs">
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput label="Policy" required style={{ flex: '2 1 14rem' }} {...form.getInputProps(`content.policies.${i}.title`)} />
              <TextInput
                label="Version"
                required
                description="e.g. 2026-01"
                style={{ flex: '1 1 8rem' }}
                {...form.getInputProps(`content.policies.${i}.version`)}
              />
              <Button
                variant="subtle"
                color="red"
                mt={24}
                onClick={() => form.removeListItem('content.policies', i)}
                aria-label={`Remove the policy ${policy.title || `${i + 1}`}`}
              >
                Remove
              </Button>
            </Group>
            <Textarea label="Text of the policy" autosize minRows={3} {...form.getInputProps(`content.policies.${i}.body`)} />
          </Stack>
        ))}
        <Group>
          <Button
            variant="light"
            size="sm"
            onClick={() =>
              form.insertListItem('content.policies', {
                key: keyFrom(
                  `policy ${content.policies.length + 1}`,
                  content.policies.map((p) => p.key),
                  'policy',
                ),
                title: '',
                version: new Date().toISOString().slice(0, 7),
                body: '',
              })
            }
          >
            Add a policy
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
