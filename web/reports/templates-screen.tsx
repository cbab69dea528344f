import { Anchor, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { GUIDED_KEYS, type ReportTemplate, type ReportType } from '../../core/contracts/reports.ts';
import { GUIDED_TEMPLATES } from '../../core/reports/guided-templates.ts';
import { hasPermission } from '../../core/permissions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAuthState } from '../lib/session/session.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { useReportTypes, useTemplates } from './reports-calls.ts';
import { useStartReport } from './start-report.ts';
import { ReportsPage } from './reports-ui.tsx';

/** Starts a report from a template, as one of the types that use it (or any type for a personal template). */
export function StartFromTemplate({ template, types }: { template: ReportTemplate; types: ReportType[] }) {
  const { start: startReport, starting } = useStartReport();
  const offered = template.type_keys.length > 0 ? types.filter((type) => template.type_keys.includes(type.key)) : types;
  const start = (typeKey: string) =>
    startReport({ type_key: typeKey, template_id: template.id }, types.find((t) => t.key === typeKey)?.label ?? 'New');
  if (offered.length === 1)
    return (
      <Button
        size="sm"
        onClick={() => void start(offered[0]!.key)}
        loading={starting}
        aria-label={`Start a report from ${template.name} (${offered[0]!.label})`}
      >
        Start a report
      </Button>
    );
  return (
    <Menu withinPortal position="bottom-start">
      <Menu.Target>
        <Button
          size="sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={starting}
          aria-label={`Start a report from ${template.name}`}
        >
          Start a report
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Type of report</Menu.Label>
        {offered.map((type) => (
          <Menu.Item key={type.key} onClick={() => void start(type.key)}>
            {type.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function TemplateCard({ template, types }: { template: ReportTemplate; types: ReportType[] }) {
  const fields = template.content.sections.reduce((n, section) => n + section.fields.length, 0);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor renderRoot={(props) => <Link {...props} to="/reports/templates/$id" params={{ id: template.id }} />} fw={650}>
            {template.name}
          </Anchor>
          <Badge variant="light" color={template.scope === 'agency' ? 'blue' : 'grape'} c="var(--mantine-color-text)">
            {template.scope === 'agency' ? 'Agency' : 'Mine'}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed" style={{ flex: 1 }}>
          {template.description || `${template.content.sections.length} sections, ${fields} fields`}
        </Text>
        {template.type_keys.length > 0 ? (
          <Text fz="xs">
            Used for:{' '}
            {types
              .filter((t) => template.type_keys.includes(t.key))
              .map((t) => t.label)
              .join(', ')}
          </Text>
        ) : null}
        {template.retired ? (
          <Text fz="xs" c="dimmed">
            Retired: no longer offered
          </Text>
        ) : (
          <Group>
            <StartFromTemplate template={template} types={types} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** /reports/templates/select: the templates the officer may use (the agency’s and their own), to start a report from one. */
export function TemplatesScreen() {
  const templates = useTemplates();
  const types = useReportTypes();
  const { claims } = useAuthState();
  const builds = claims
    ? hasPermission(claims, 'reports:templates.create_user') && hasPermission(claims, 'reports:templates.create_agency')
    : false;
  const agency = (templates.data ?? []).filter((t) => t.scope === 'agency');
  const mine = (templates.data ?? []).filter((t) => t.scope === 'personal');
  return (
    <ReportsPage
      title="Report templates"
      description="Start a report from a template: its questions come first, and it can write the first narrative from your answers."
      breadcrumbs={[{ label: 'Reports', to: '/reports' }]}
      actions={
        builds ? (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/reports/templates/create" />}
          >
            New template
          </Button>
        ) : undefined
      }
    >
      {templates.isPending || types.isPending ? (
        <LoadingState label="Loading the templates…" />
      ) : templates.isError ? (
        <ErrorState message={errorMessage(templates.error)} onRetry={() => void templates.refetch()} />
      ) : types.isError ? (
        <ErrorState message={errorMessage(types.error)} onRetry={() => void types.refetch()} />
      ) : (
        <Stack gap="lg">
          <Stack gap="sm" component="section" aria-labelledby="agency-templates">
            <Title order={2} fz="lg" id="agency-templates">
              The agency’s templates
            </Title>
            {agency.length === 0 ? (
              <EmptyState title="No agency template">
                An agency template is built by someone who holds “Create agency templates”.
              </EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {agency.map((template) => (
                  <TemplateCard key={template.id} template={template} types={types.data} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="guided-templates">
            <Title order={2} fz="lg" id="guided-templates">
              Guided templates
            </Title>
            <Text fz="sm" c="dimmed">
              They ask what an experienced officer asks for these cases and write a first narrative from your answers, or from a transcript.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {GUIDED_KEYS.map((key) => (
                <Card key={key} withBorder radius="md" padding="md">
                  <Stack gap={4}>
                    <Anchor renderRoot={(props) => <Link {...props} to={`/reports/templates/${key}`} />} fw={650}>
                      {GUIDED_TEMPLATES[key].name}
                    </Anchor>
                    <Text fz="sm" c="dimmed">
                      {GUIDED_TEMPLATES[key].description}
                    </Text>
                  </Stack>
                </Card>
              ))}
              <Card withBorder radius="md" padding="md">
                <Stack gap={4}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/reports/templates/ai/transcript" />} fw={650}>
                    Draft from a transcript
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    Paste or upload a body-worn camera transcript; AI writes a first narrative whose every sentence cites what was said.
                  </Text>
                </Stack>
              </Card>
            </SimpleGrid>
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="my-templates">
            <Title order={2} fz="lg" id="my-templates">
              My templates
            </Title>
            {mine.length === 0 ? (
              <Text fz="sm" c="dimmed">
                You have no template of your own.{builds ? ' Build one with “New template”.' : ''}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {mine.map((template) => (
                  <TemplateCard key={template.id} template={template} types={types.data} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Stack>
      )}
    </ReportsPage>
  );
}
