import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { FIELD_KIND_LABELS } from '../../core/contracts/reports.ts';
import { hasPermission } from '../../core/permissions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useReportTypes, useTemplate } from './reports-calls.ts';
import { ReportsPage } from './reports-ui.tsx';
import { StartFromTemplate } from './templates-screen.tsx';

/** /reports/templates/{id}: a template's sections and fields and its narrative skeleton; start a report from it, or edit it. */
export function TemplateScreen() {
  const { id = '' } = useParams({ strict: false });
  const template = useTemplate(id);
  const types = useReportTypes();
  const dates = useAgencyDates();
  const { claims } = useAuthState();
  const builds = claims
    ? hasPermission(claims, 'reports:templates.create_user') && hasPermission(claims, 'reports:templates.create_agency')
    : false;
  const data = template.data;
  return (
    <ReportsPage
      title={data ? data.name : 'Report template'}
      description={
        data
          ? `${data.scope === 'agency' ? 'An agency template' : `${data.owner_name ?? 'Your'} personal template`} · changed ${dates.date(data.updated_at)}`
          : undefined
      }
      breadcrumbs={[
        { label: 'Reports', to: '/reports' },
        { label: 'Templates', to: '/reports/templates/select' },
      ]}
      actions={
        data ? (
          <Group gap="sm">
            {data.can_edit && builds ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                renderRoot={(props) => <Link {...props} to="/reports/templates/edit" search={{ id: data.id }} />}
              >
                Edit
              </Button>
            ) : null}
            {!data.retired && types.data ? <StartFromTemplate template={data} types={types.data} /> : null}
          </Group>
        ) : undefined
      }
    >
      {template.isPending ? (
        <LoadingState label="Loading the template…" />
      ) : template.isError ? (
        <ErrorState message={errorMessage(template.error)} onRetry={() => void template.refetch()} />
      ) : (
        <Stack gap="md">
          {template.data.description ? <Text>{template.data.description}</Text> : null}
          {template.data.retired ? <Badge color="gray">Retired</Badge> : null}
          {template.data.content.sections.map((section) => (
            <Card key={section.key} withBorder radius="md" padding="md" component="section" aria-labelledby={`t-${section.key}`}>
              <Stack gap="xs">
                <Title order={2} fz="lg" id={`t-${section.key}`}>
                  {section.title}
                </Title>
                <List size="sm" spacing={4}>
                  {section.fields.map((field) => (
                    <List.Item key={field.key}>
                      <Text span fw={600} fz="sm">
                        {field.label}
                      </Text>{' '}
                      <Text span fz="sm" c="dimmed">
                        {FIELD_KIND_LABELS[field.kind]}
                        {field.required ? ', required' : ''}
                        {field.kind === 'choice' ? `: ${field.options.join(', ')}` : ''}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
          ))}
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="t-skeleton">
            <Stack gap="xs">
              <Title order={2} fz="lg" id="t-skeleton">
                First narrative
              </Title>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {template.data.content.narrative_skeleton || 'This template writes no first narrative.'}
              </Text>
            </Stack>
          </Card>
        </Stack>
      )}
    </ReportsPage>
  );
}
