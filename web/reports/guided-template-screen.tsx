import { Button, Card, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { FIELD_KIND_LABELS, GUIDED_KEYS, type GuidedKey } from '../../core/contracts/reports.ts';
import { GUIDED_TEMPLATES } from '../../core/reports/guided-templates.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useReportTypes } from './reports-calls.ts';
import { useStartReport } from './start-report.ts';
import { ReportsPage } from './reports-ui.tsx';

/**
 * /reports/templates/owi, …/entrytoauto, …/retailtheft, …/criminaldamagetoproperty: what a guided
 * template asks, and starting a report from it. The report's form asks the questions; "Write the first
 * narrative from the answers" then drafts the narrative the guided way (core/reports/guided-templates.ts).
 */
export function GuidedTemplateScreen() {
  const { pathname } = useLocation();
  const key = pathname.split('/').pop() as GuidedKey;
  const guided = (GUIDED_KEYS as readonly string[]).includes(key) ? GUIDED_TEMPLATES[key] : GUIDED_TEMPLATES.owi;
  const types = useReportTypes();
  const { start: startReport, starting } = useStartReport();
  const [chosen, setChosen] = useState<string | null>(null);
  const typeKey = chosen ?? types.data?.find((type) => type.key === guided.typeKey)?.key ?? types.data?.[0]?.key ?? '';
  const start = () =>
    startReport({ type_key: typeKey, guided: guided.key }, types.data?.find((t) => t.key === typeKey)?.label ?? guided.name);
  return (
    <ReportsPage
      title={guided.name}
      description={guided.description}
      breadcrumbs={[
        { label: 'Reports', to: '/reports' },
        { label: 'Templates', to: '/reports/templates/select' },
      ]}
    >
      {types.isPending ? (
        <LoadingState label="Loading the report types…" />
      ) : types.isError ? (
        <ErrorState message={errorMessage(types.error)} onRetry={() => void types.refetch()} />
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <NativeSelect
                label="Type of report"
                data={types.data.map((type) => ({ value: type.key, label: type.label }))}
                value={typeKey}
                onChange={(event) => setChosen(event.currentTarget.value)}
              />
              <Button onClick={() => void start()} loading={starting}>
                Start the report
              </Button>
            </Group>
            <Text fz="sm" c="dimmed" mt="xs">
              Answer the questions, then let the template write a first narrative from your answers. Read it, correct it and make it yours:
              every [INSERT …] it leaves must be replaced before the report can be submitted.
            </Text>
          </Card>
          {guided.content.sections
            .filter((section) => section.fields.some((field) => field.kind !== 'narrative'))
            .map((section) => (
              <Card key={section.key} withBorder radius="md" padding="md" component="section" aria-labelledby={`g-${section.key}`}>
                <Stack gap="xs">
                  <Title order={2} fz="lg" id={`g-${section.key}`}>
                    {section.title}
                  </Title>
                  <List size="sm" spacing={4}>
                    {section.fields.map((field) => (
                      <List.Item key={field.key}>
                        {field.label}{' '}
                        <Text span fz="sm" c="dimmed">
                          ({FIELD_KIND_LABELS[field.kind].toLowerCase()}
                          {field.required ? ', required' : ''})
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              </Card>
            ))}
        </Stack>
      )}
    </ReportsPage>
  );
}
