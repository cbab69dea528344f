import { Accordion, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ProgramInput, type Program } from '../../../core/contracts/fto.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useProgram, useUpdateProgram } from '../fto-calls.ts';
import { FtoAdminPage } from '../fto-ui.tsx';
import { PoliciesSection, TaskLibrarySection } from './library-sections.tsx';
import { ReferencePanel } from './reference-panel.tsx';

function ProgramForm({ program, onReload }: { program: Program; onReload: () => void }) {
  const update = useUpdateProgram();
  const form = useForm<ProgramInput>({ mode: 'controlled', initialValues: { name: program.name, content: program.content } });
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const save = async (values: ProgramInput) => {
    setError(null);
    const parsed = ProgramInput.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setFieldError(issue.path.join('.'), issue.message);
      setError('Some fields need your attention.');
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: program.id, input: parsed.data, version: program.version });
      notifications.show({
        color: 'green',
        title: 'Program saved',
        message: `Version ${saved.version_number}: new binders start on it; open ones keep theirs.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(applyServerErrors(form, failure));
    }
  };
  const { content } = form.getValues();
  return (
    <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
      <Stack gap="md">
        {stale ? (
          <StaleVersionAlert
            what="program"
            onReload={() => {
              setStale(false);
              onReload();
            }}
          />
        ) : null}
        <TextInput label="Program name" required maw={520} {...form.getInputProps('name')} />
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="phases-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="phases-heading">
              Phases
            </Title>
            <Text fz="sm">A trainee advances when, on the last DORs of the phase, each category’s ratings are at least the minimum.</Text>
            {content.phases.map((phase, i) => (
              <SimpleGrid key={phase.key} cols={{ base: 1, sm: 4 }} spacing="sm">
                <TextInput label="Name" required {...form.getInputProps(`content.phases.${i}.name`)} />
                <NumberInput
                  label="Weeks"
                  min={1}
                  max={52}
                  allowDecimal={false}
                  inputMode="numeric"
                  {...form.getInputProps(`content.phases.${i}.weeks`)}
                />
                <NumberInput
                  label="Minimum rating"
                  min={1}
                  max={7}
                  allowDecimal={false}
                  inputMode="numeric"
                  {...form.getInputProps(`content.phases.${i}.advancement.min_rating`)}
                />
                <NumberInput
                  label="On the last N DORs"
                  min={1}
                  max={30}
                  allowDecimal={false}
                  inputMode="numeric"
                  {...form.getInputProps(`content.phases.${i}.advancement.last_dors`)}
                />
              </SimpleGrid>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="categories-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="categories-heading">
              Categories and their Standard Evaluation Guidelines
            </Title>
            <Accordion variant="separated">
              {content.category_groups.map((group, g) =>
                group.categories.map((category, c) => (
                  <Accordion.Item key={category.key} value={category.key}>
                    <Accordion.Control>
                      {group.label}: {category.label}
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap="xs">
                        <TextInput
                          label="Category"
                          required
                          {...form.getInputProps(`content.category_groups.${g}.categories.${c}.label`)}
                        />
                        <Textarea
                          label="1 Unacceptable"
                          autosize
                          {...form.getInputProps(`content.category_groups.${g}.categories.${c}.guideline.unacceptable`)}
                        />
                        <Textarea
                          label="4 Acceptable"
                          autosize
                          {...form.getInputProps(`content.category_groups.${g}.categories.${c}.guideline.acceptable`)}
                        />
                        <Textarea
                          label="7 Superior"
                          autosize
                          {...form.getInputProps(`content.category_groups.${g}.categories.${c}.guideline.superior`)}
                        />
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                )),
              )}
            </Accordion>
          </Stack>
        </Card>
        <TaskLibrarySection form={form} />
        <PoliciesSection form={form} />
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save as version {program.version_number + 1}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /fto/admin/configure/{program_id}: the program's phases, advancement rules, categories, task library and policies; saving adds a version. */
export function ConfigureProgramScreen() {
  const { program_id: id = '' } = useParams({ strict: false });
  const program = useProgram(id);
  return (
    <FtoAdminPage
      title={program.data ? `Program: ${program.data.name}` : 'Program'}
      description={
        program.data
          ? `Version ${program.data.version_number}. Binders keep the version they started on (${program.data.active_binders} open binders).`
          : undefined
      }
      breadcrumbs={[{ label: 'Field training office', to: '/fto/admin' }]}
    >
      {program.isPending ? (
        <LoadingState label="Loading the program…" />
      ) : program.isError ? (
        <ErrorState message={errorMessage(program.error)} onRetry={() => void program.refetch()} />
      ) : (
        <ProgramForm key={program.data.version} program={program.data} onReload={() => void program.refetch()} />
      )}
      {program.data ? <ReferencePanel programId={program.data.id} /> : null}
    </FtoAdminPage>
  );
}
