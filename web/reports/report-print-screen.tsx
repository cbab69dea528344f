import { Group, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { reportsApi } from '../../core/contracts/reports.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { ReportContentView } from './report-view.tsx';
import { useReport } from './reports-calls.ts';
import { REPORT_STATUS_LABELS, type Report } from '../../core/contracts/reports.ts';

function PrintedReport({ report }: { report: Report }) {
  const dates = useAgencyDates();
  const approved = report.revisions.findLast((r) => r.event === 'approved');
  return (
    <Stack gap="sm" style={{ breakBefore: report.supplement > 0 ? 'page' : 'auto' }}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="xl">
            {report.supplement > 0 ? 'Supplement' : 'Incident report'} {report.case_number}
          </Title>
          <Text fz="sm">
            {report.type_label} · written by {report.author_name}
          </Text>
        </div>
        <Text fz="sm" ta="right">
          {REPORT_STATUS_LABELS[report.status]}
          {approved ? ` by ${approved.by_name}, ${dates.dateTime(approved.at)}` : ''}
        </Text>
      </Group>
      <ReportContentView report={report} compact />
    </Stack>
  );
}

/** /reports/{id}/print: the report and its supplements, one after another, fit for a court file; printing starts by itself. */
export function ReportPrintScreen() {
  const { report_id: id = '' } = useParams({ strict: false });
  const report = useReport(id);
  const supplements = useQueries({
    queries: (report.data?.supplements ?? []).map((s) => ({
      queryKey: queryKey(reportsApi.getReport, s.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(reportsApi.getReport, { params: { id: s.id }, signal }),
    })),
  });
  usePageTitle(report.data ? `Report ${report.data.case_number}` : 'Report');
  const ready = report.data && supplements.every((q) => q.data);
  useEffect(() => {
    if (!ready || navigator.webdriver) return;
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [ready]);
  if (report.isPending) return <LoadingState label="Loading the report…" />;
  if (report.isError) return <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} />;
  return (
    <Stack gap="xl" p="md" maw={900} mx="auto">
      <PrintedReport report={report.data} />
      {supplements.map((q, index) =>
        q.data ? <PrintedReport key={q.data.id} report={q.data} /> : <LoadingState key={index} label="Loading a supplement…" />,
      )}
    </Stack>
  );
}
