import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { Report, ReportTemplate, ReportTypeWithTemplate } from '../../core/contracts/reports.ts';
import { GENERAL_TEMPLATE } from '../../core/reports/general-template.ts';
import { GUIDED_TEMPLATES } from '../../core/reports/guided-templates.ts';
import { reportFields } from '../../core/reports/report-fields.ts';
import { emptyReportContent } from '../../core/reports/report-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { RecordTasks } from '../lib/record-tasks.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { ReportForm, reviewNoteId } from './report-form.tsx';
import { ReportHistory } from './report-history.tsx';
import { ReportContentView } from './report-view.tsx';
import { ReviewCard } from './review-card.tsx';
import {
  keepWaitingReport,
  useAddSupplement,
  useReport,
  useReportTypes,
  useSaveReport,
  useSubmitReport,
  useTemplates,
  useWaitingReport,
  type WaitingReport,
} from './reports-calls.ts';
import { ReportsPage, ReportStatusBadge } from './reports-ui.tsx';

/**
 * Above a returned report: the reviewer's general comment, and each comment on a field with a way to it
 * (the form shows it under its field too).
 */
function ReturnedNotice({ report }: { report: Report }) {
  const review = report.review!;
  const fields = new Map(reportFields(report.template, report.content).map((field) => [field.path, field]));
  const notes = Object.entries(review.fields);
  const goTo = (path: string) => {
    const note = document.getElementById(reviewNoteId(path));
    note?.scrollIntoView({ block: 'center' });
    note?.focus();
  };
  return (
    <Alert color="orange" title={`Returned by ${review.by_name}`}>
      <Stack gap="xs">
        <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
          {review.comment}
        </Text>
        {notes.length > 0 ? (
          <>
            <Text fz="sm" fw={600}>
              On single fields ({notes.length}):
            </Text>
            <List size="sm" spacing={4}>
              {notes.map(([path, note]) => {
                const field = fields.get(path);
                const name = field
                  ? field.group === 'When and where' || field.group === field.label
                    ? field.label
                    : `${field.group}: ${field.label}`
                  : path;
                return (
                  <List.Item key={path}>
                    {report.can.edit ? (
                      <Anchor component="button" type="button" fz="sm" onClick={() => goTo(path)}>
                        {name}
                      </Anchor>
                    ) : (
                      <Text span fz="sm" fw={600}>
                        {name}
                      </Text>
                    )}
                    : {note}
                  </List.Item>
                );
              })}
            </List>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The report as its form shows it while it waits in the outbox: from the types and templates the device kept. */
function waitingReport(
  waiting: WaitingReport,
  types: ReportTypeWithTemplate[],
  templates: ReportTemplate[],
  author: { id: string; name: string },
): Report | null {
  const { input, item } = waiting;
  const type = types.find((candidate) => candidate.key === input.type_key);
  // A chosen template (kept on the device from the templates page), else the type's form.
  const chosen = input.template_id ? templates.find((candidate) => candidate.id === input.template_id) : null;
  if (input.template_id && !chosen) return null;
  const template = chosen ?? (type ? { name: type.template_name, content: type.template } : null);
  const guided = input.guided ? GUIDED_TEMPLATES[input.guided] : null;
  return {
    id: input.id ?? item.id,
    case_number: 'Not numbered yet',
    supplement: 0,
    type_key: input.type_key,
    type_label: type?.label ?? input.type_key,
    status: 'draft',
    author_id: author.id,
    author_name: author.name,
    reviewer_name: null,
    occurred_at: input.content?.occurred_at ?? '',
    location: input.content?.location ?? '',
    people: [],
    submitted_at: null,
    approved_at: null,
    updated_at: item.created_at,
    parent_id: null,
    template_name: guided?.name ?? template?.name ?? 'General incident',
    guided: input.guided ?? null,
    template: guided?.content ?? template?.content ?? GENERAL_TEMPLATE,
    content: { ...emptyReportContent(), ...input.content },
    review: null,
    revisions: [],
    supplements: [],
    ai_draft_id: null,
    can: { edit: true, review: false, supplement: false },
    // A report starts at version 1 on the server: what is kept on the device is offered back once it is there.
    version: 1,
  };
}

/**
 * A report started without a connection, written while it waits in the outbox: each save and the
 * submission replace its item there; the server numbers it once the outbox sends it. A refusal (the
 * server's messages beside the fields) is fixed here and sent again, or discarded.
 */
function WaitingReportForm({ id, waiting }: { id: string; waiting: WaitingReport }) {
  const types = useReportTypes();
  const templates = useTemplates();
  const { session } = useAuthState();
  const navigate = useNavigate();
  if (types.isPending || templates.fetchStatus === 'fetching') return <LoadingState label="Loading the report’s form…" />;
  if (types.isError) return <ErrorState message={errorMessage(types.error)} onRetry={() => void types.refetch()} />;
  // Without the templates (not kept, or not the officer's to use) a report on the general form still opens.
  const local = waitingReport(waiting, types.data, templates.data ?? [], { id: session?.user.id ?? '', name: session?.user.name ?? '' });
  if (!local)
    return <ErrorState title="This report’s template is not on this device" message="It opens once Precinct reaches the server." />;
  return (
    <Stack gap="md">
      {waiting.item.state === 'rejected' ? (
        <RefusedItemAlert item={waiting.item} onDiscarded={() => void navigate({ to: '/reports' })} />
      ) : (
        <Alert color="blue" title="Not on the server yet">
          This report was started without a connection. It waits in the outbox with what you write, and gets its case number when Precinct
          reaches the server.
        </Alert>
      )}
      <ReportForm
        key={waiting.item.state}
        report={local}
        waiting={{ fields: waiting.item.fields }}
        onSave={async (content) => {
          await keepWaitingReport(id, { ...waiting.input, content });
          return local;
        }}
        onSubmit={async (content) => {
          await keepWaitingReport(id, { ...waiting.input, content, submit: true });
          notifications.show({
            color: 'blue',
            title: 'Submitted on this device',
            message: 'The report waits in the outbox and is submitted for review when Precinct reaches the server.',
          });
          await navigate({ to: '/reports' });
          return local;
        }}
      />
    </Stack>
  );
}

/**
 * /reports/{id}: the author's draft (or returned report) as a form, autosaved; otherwise the report with
 * its review card for a reviewer, its supplements and its history.
 */
export function ReportScreen() {
  const { report_id: id = '' } = useParams({ strict: false });
  const report = useReport(id);
  const waiting = useWaitingReport(id);
  const save = useSaveReport();
  const submit = useSubmitReport();
  const supplement = useAddSupplement();
  const navigate = useNavigate();
  const [supplementKey] = useState(() => crypto.randomUUID());
  const data = report.data;
  const title = data ? `Report ${data.case_number}` : 'Report';
  const addSupplement = async () => {
    try {
      const added = await supplement.mutateAsync({ id, key: supplementKey });
      await navigate({ to: '/reports/$report_id', params: { report_id: added.id } });
    } catch (failure) {
      notifications.show({ color: 'red', title: 'The supplement could not be started', message: errorMessage(failure) });
    }
  };
  return (
    <ReportsPage
      title={title}
      description={data ? `${data.type_label} · ${data.template_name} · written by ${data.author_name}` : undefined}
      breadcrumbs={[{ label: 'Reports', to: '/reports' }]}
      actions={
        data && data.status !== 'draft' ? (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/reports/$report_id/print" params={{ report_id: id }} target="_blank" />}
          >
            Print
          </Button>
        ) : undefined
      }
    >
      {!report.data && waiting ? (
        <WaitingReportForm id={id} waiting={waiting} />
      ) : report.isPending ? (
        <LoadingState label="Loading the report…" />
      ) : report.isError ? (
        <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <ReportStatusBadge status={report.data.status} />
            {report.data.parent_id ? (
              <Anchor
                renderRoot={(props) => <Link {...props} to="/reports/$report_id" params={{ report_id: report.data.parent_id! }} />}
                fz="sm"
              >
                Supplement of {report.data.case_number.replace(/-S\d+$/, '')}
              </Anchor>
            ) : null}
          </Group>
          {report.data.status === 'returned' && report.data.review ? <ReturnedNotice report={report.data} /> : null}
          {report.data.status === 'returned' ? (
            <RecordTasks
              kind="report"
              recordId={report.data.id}
              title={`Report ${report.data.case_number}: returned`}
              label={`Report ${report.data.case_number}`}
            />
          ) : null}
          {report.data.can.edit ? (
            <ReportForm
              key={report.data.id}
              report={report.data}
              onSave={(content, version) => save.mutateAsync({ id, content, version })}
              onSubmit={async (content, version) => {
                const done = await submit.mutateAsync({ id, content, version });
                notifications.show({ color: 'green', title: 'Submitted', message: `Report ${done.case_number} is waiting for review.` });
                return done;
              }}
            />
          ) : (
            <>
              {report.data.status === 'draft' ? (
                <Alert color="gray" title="Still a draft">
                  {report.data.author_name} has not submitted this report yet.
                </Alert>
              ) : null}
              {report.data.can.review ? <ReviewCard report={report.data} onReload={() => void report.refetch()} /> : null}
              <ReportContentView report={report.data} />
              {report.data.supplements.length > 0 || report.data.can.supplement ? (
                <Card withBorder radius="md" padding="md" component="section" aria-labelledby="supplements-heading">
                  <Stack gap="sm">
                    <Title order={2} fz="lg" id="supplements-heading">
                      Supplements
                    </Title>
                    {report.data.supplements.length === 0 ? (
                      <Text fz="sm" c="dimmed">
                        None yet. An approved report is locked: anything learned later goes into a numbered supplement, reviewed as a report
                        is.
                      </Text>
                    ) : (
                      <List size="sm" spacing={4}>
                        {report.data.supplements.map((s) => (
                          <List.Item key={s.id}>
                            <Anchor renderRoot={(props) => <Link {...props} to="/reports/$report_id" params={{ report_id: s.id }} />}>
                              {s.case_number}
                            </Anchor>{' '}
                            <ReportStatusBadge status={s.status} />
                          </List.Item>
                        ))}
                      </List>
                    )}
                    {report.data.can.supplement ? (
                      <Group>
                        <Button variant="default" onClick={() => void addSupplement()} loading={supplement.isPending}>
                          Add a supplement
                        </Button>
                      </Group>
                    ) : null}
                  </Stack>
                </Card>
              ) : null}
            </>
          )}
          <ReportHistory report={report.data} />
        </Stack>
      )}
    </ReportsPage>
  );
}
