import { Anchor, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportQueue, type ReportSummary } from '../../core/contracts/reports.ts';
import { hasPermission } from '../../core/permissions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { ListView, listControls, type ListColumn } from '../lib/list-view.tsx';
import { SearchBox } from '../lib/search-box.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { useDeferredOverlay } from '../ui/deferred-overlay.ts';
import { FilterSelect } from '../ui/filter-select.tsx';
import { downloadReportsCsv, useReports, useReportsHome, useReportTypes } from './reports-calls.ts';
import { useStartReport } from './start-report.ts';
import { reportsApiQuery, type ReportSort, type ReportsSearch } from './reports-search.ts';
import { localStamp, ReportsPage, ReportStatusBadge } from './reports-ui.tsx';

const QUEUE_LABELS: Record<ReportQueue, string> = {
  mine: 'My reports',
  drafts: 'Drafts',
  returned: 'Returned to me',
  review: 'Awaiting my review',
  approved: 'Approved',
  all: 'All I can see',
};

const EMPTY: Record<ReportQueue, { title: string; children: string }> = {
  mine: { title: 'No report yet', children: 'Start one with “New report”: it is saved as a draft as you write it.' },
  drafts: { title: 'No draft', children: 'Every report you start stays here until you submit it.' },
  returned: { title: 'Nothing returned to you', children: 'A report a reviewer sends back with comments shows here.' },
  review: { title: 'Nothing waits for your review', children: 'Reports others submit show here until you approve or return them.' },
  approved: { title: 'No approved report', children: 'Approved reports are the agency’s record: every officer can read them.' },
  all: { title: 'No report', children: 'Nothing matches.' },
};

/** The "New report" button's face, the same before and after its menu has loaded. */
const NEW_REPORT_BUTTON = {
  leftSection: <IconPlus aria-hidden size={18} />,
  rightSection: <IconChevronDown aria-hidden size={16} />,
  children: 'New report',
};

const loadNewReportMenu = () => import('./new-report-menu.tsx');
const NewReportMenu = lazy(importWithReload(() => loadNewReportMenu().then((m) => ({ default: m.NewReportMenu }))));

/**
 * Starting a report: the officer picks its type; it opens as a draft, saved as they write. The menu
 * (new-report-menu.tsx) loads when the pointer or the focus comes to the button, and the first click
 * opens it.
 */
function NewReportButton() {
  const types = useReportTypes();
  const { start, starting } = useStartReport();
  const { requested, triggerProps } = useDeferredOverlay(loadNewReportMenu, 'menu');
  const button = <Button loading={starting} {...NEW_REPORT_BUTTON} {...triggerProps} />;
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <NewReportMenu
        face={NEW_REPORT_BUTTON}
        types={types.data ?? []}
        typesError={types.isError ? errorMessage(types.error) : null}
        starting={starting}
        focusTarget={requested.focus}
        onStart={(type) => void start({ type_key: type.key }, type.label)}
      />
    </Suspense>
  );
}

/** /reports: the officer's queues (drafts, returned, awaiting review, approved), a search across what they may see, and CSV. */
export function ReportsScreen() {
  const state = useSearch({ from: '/_app/reports' });
  const navigate = useNavigate();
  const go = (next: ReportsSearch, replace = false) => void navigate({ to: '/reports', search: next, replace });
  const { claims } = useAuthState();
  const home = useReportsHome();
  const types = useReportTypes();
  const query = reportsApiQuery(state);
  const reports = useReports(query);
  const [exporting, setExporting] = useState(false);
  const usesTemplates = claims ? hasPermission(claims, 'reports:templates.use') : false;
  const queues = REPORT_QUEUES_SHOWN.filter((queue) => queue !== 'review' || home.data?.can_review);
  const filtered = Boolean(state.q.trim() || state.type || state.status || state.from || state.to);

  const columns: ListColumn<ReportSummary, ReportSort>[] = [
    {
      label: 'Case number',
      sort: 'case_number',
      card: 'title',
      cell: (report) => (
        <Anchor renderRoot={(props) => <Link {...props} to="/reports/$report_id" params={{ report_id: report.id }} />} fw={600} fz="sm">
          {report.case_number}
        </Anchor>
      ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Type', cell: (report) => report.type_label },
    {
      label: 'Status',
      card: 'status',
      cell: (report) => <ReportStatusBadge status={report.status} />,
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      label: 'Occurred',
      sort: 'occurred_at',
      cell: (report) => localStamp(report.occurred_at) || '—',
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Location', cell: (report) => report.location || '—' },
    { label: 'People', cell: (report) => report.people.join(', ') || '—' },
    { label: 'Author', cell: (report) => report.author_name },
  ];

  return (
    <ReportsPage
      title="Reports"
      description="Write incident reports, send them for review, and find the agency’s approved reports."
      actions={
        <>
          <NewReportButton />
          {usesTemplates ? (
            <Button variant="default" renderRoot={(props) => <Link {...props} to="/reports/templates/select" />}>
              Templates
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconDownload aria-hidden size={18} />}
            loading={exporting}
            disabled={!reports.data?.total}
            onClick={() => {
              setExporting(true);
              downloadReportsCsv(query)
                .catch((error: unknown) => notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) }))
                .finally(() => setExporting(false));
            }}
          >
            Export CSV
          </Button>
        </>
      }
    >
      {home.data && (home.data.returned_total > 0 || home.data.to_review_total > 0) ? (
        <Text fz="sm">
          {home.data.returned_total > 0 ? `${home.data.returned_total} returned to you. ` : ''}
          {home.data.to_review_total > 0 ? `${home.data.to_review_total} waiting for your review.` : ''}
        </Text>
      ) : null}
      <SegmentedControl
        aria-label="Which reports"
        data={queues.map((queue) => ({ value: queue, label: QUEUE_LABELS[queue] }))}
        value={state.queue}
        onChange={(queue) => go({ ...state, queue: queue as ReportQueue, page: 1 })}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter reports">
        <SearchBox
          placeholder="Case number, person, address, plate or serial"
          value={state.q}
          onSearch={(q) => go({ ...state, q, page: 1 }, true)}
        />
        <FilterSelect
          label="Type"
          any="Any type"
          options={(types.data ?? []).map((type) => ({ value: type.key, label: type.label }))}
          value={state.type}
          onChange={(type) => go({ ...state, type, page: 1 })}
        />
        <FilterSelect
          label="Status"
          any="Any status"
          options={REPORT_STATUSES.map((status) => ({ value: status, label: REPORT_STATUS_LABELS[status] }))}
          value={state.status}
          onChange={(status) => go({ ...state, status, page: 1 })}
        />
        <TextInput
          type="date"
          label="Occurred from"
          value={state.from ?? ''}
          onChange={(e) => go({ ...state, from: e.currentTarget.value || null, page: 1 })}
        />
        <TextInput
          type="date"
          label="Occurred to"
          value={state.to ?? ''}
          onChange={(e) => go({ ...state, to: e.currentTarget.value || null, page: 1 })}
        />
      </Group>
      <ListView
        label="Reports"
        query={reports}
        columns={columns}
        rowKey={(report) => report.id}
        rowTestId="report-row"
        loadingLabel="Loading reports…"
        empty={filtered ? { title: 'No report matches', children: 'Try another search or filter.' } : EMPTY[state.queue]}
        minWidth={900}
        {...listControls(state, go)}
      />
    </ReportsPage>
  );
}

const REPORT_QUEUES_SHOWN: ReportQueue[] = ['mine', 'drafts', 'returned', 'review', 'approved', 'all'];
