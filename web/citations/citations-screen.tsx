import { Anchor, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChartBar, IconDownload, IconGavel, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CITATION_KIND_LABELS,
  CITATION_KINDS,
  CITATION_STATUS_LABELS,
  CITATION_STATUSES,
  type CitationSummary,
} from '../../core/contracts/citations.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ListView, type ListColumn } from '../lib/list-view.tsx';
import { SearchBox } from '../lib/search-box.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import {
  downloadCitationsCsv,
  useCitations,
  useCitationsHome,
  useCitationsSetup,
  useCitationStats,
  useStatutes,
} from './citations-calls.ts';
import { citationsApiQuery, type CitationsSearch, type CitationsTab } from './citations-search.ts';
import { CitationKindBadge, CitationsPage, CitationStatusBadge, localStamp } from './citations-ui.tsx';
import { money } from './stop-model.ts';

const TAB_LABELS: Record<CitationsTab, string> = { mine: 'My citations', all: 'All citations', void_requests: 'Void requests' };

const EMPTY: Record<CitationsTab, { title: string; children: string }> = {
  mine: {
    title: 'No citation yet',
    children: 'Start a stop with “New stop”: the person and the vehicle are entered once for all its citations.',
  },
  all: { title: 'No citation', children: 'Nothing matches.' },
  void_requests: { title: 'No void request', children: 'When an officer asks for a citation to be voided, it shows here.' },
};

function yearAgo(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

/** A citation's way in: a draft opens its stop's form, anything numbered its own page. */
function CitationLink({ citation }: { citation: CitationSummary }) {
  const draft = citation.status === 'draft' || citation.status === 'validated';
  const label = citation.number ?? (draft ? 'Draft' : 'Not numbered');
  return draft ? (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/citations/stops/$stop_id" params={{ stop_id: citation.stop_id }} />}
      fw={600}
      fz="sm"
      className="precinct-tap"
    >
      {label}
      {citation.violator_name ? ` · ${citation.violator_name}` : ''}
    </Anchor>
  ) : (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/citations/$citation_id" params={{ citation_id: citation.id }} />}
      fw={600}
      fz="sm"
      className="precinct-tap"
    >
      {label}
    </Anchor>
  );
}

/**
 * /citations: the officer's citations (drafts first, then today's), and for citations:manage everyone's
 * with search, filters and CSV; for citations:void the voids officers asked for.
 */
export function CitationsScreen() {
  const state = useSearch({ from: '/_app/citations' });
  const navigate = useNavigate();
  const go = (next: CitationsSearch, replace = false) => void navigate({ to: '/citations', search: next, replace });
  const home = useCitationsHome();
  const can = home.data?.can ?? { manage: false, void: false };
  const tabs: CitationsTab[] = ['mine', ...(can.manage ? (['all'] as const) : []), ...(can.void ? (['void_requests'] as const) : [])];
  // Until the home says what the caller may see, the tab of the URL stays (a supervisor's link opens it).
  const tab: CitationsTab = home.data && !tabs.includes(state.queue) ? 'mine' : state.queue;
  const query = citationsApiQuery({ ...state, queue: tab });
  const citations = useCitations(query, tab === 'mine' || Boolean(home.data));
  // Read ahead (and kept on the device): a stop started here opens its form without a connection.
  const statutes = useStatutes();
  useCitationsSetup();
  const officers = useCitationStats({ from: yearAgo(), to: new Date().toISOString().slice(0, 10), group: 'officer' }, tab === 'all');
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(state.q.trim() || state.status || state.kind || state.statute_id || state.officer_id || state.from || state.to);

  const columns: ListColumn<CitationSummary>[] = [
    { label: 'Number', card: 'title', cell: (c) => <CitationLink citation={c} />, td: { style: { whiteSpace: 'nowrap' } } },
    { label: 'Status', card: 'status', cell: (c) => <CitationStatusBadge status={c.status} />, td: { style: { whiteSpace: 'nowrap' } } },
    { label: 'Kind', cell: (c) => <CitationKindBadge kind={c.kind} /> },
    { label: 'When', cell: (c) => localStamp(c.occurred_at) || '—', td: { style: { whiteSpace: 'nowrap' } } },
    { label: 'Violator', cell: (c) => c.violator_name || '—' },
    { label: 'Plate', cell: (c) => c.plate || '—' },
    { label: 'Violations', cell: (c) => c.codes.join(', ') || '—' },
    { label: 'Fine', cell: (c) => (c.kind === 'warning' ? '—' : money(c.total_fine_cents)) },
    ...(tab === 'mine' ? [] : [{ label: 'Officer', cell: (c: CitationSummary) => c.officer_name }]),
    {
      label: 'Note',
      cell: (c) =>
        c.void_requested ? 'Void asked for' : c.amended > 0 ? `Amended ${c.amended === 1 ? 'once' : `${c.amended} times`}` : '',
    },
  ];

  return (
    <CitationsPage
      title="Citations"
      description="Citations and written warnings: a stop’s person and vehicle are entered once for all of them."
      actions={
        <>
          <Button leftSection={<IconPlus aria-hidden size={18} />} renderRoot={(props) => <Link {...props} to="/citations/new" />}>
            New stop
          </Button>
          {can.manage ? (
            <>
              <Button
                variant="default"
                leftSection={<IconGavel aria-hidden size={18} />}
                renderRoot={(props) => <Link {...props} to="/citations/court" />}
              >
                Court export
              </Button>
              <Button
                variant="default"
                leftSection={<IconChartBar aria-hidden size={18} />}
                renderRoot={(props) => <Link {...props} to="/citations/stats" />}
              >
                Counts
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {home.data && (home.data.void_requests_total > 0 || (can.manage && home.data.to_file > 0)) ? (
        <Text fz="sm">
          {home.data.void_requests_total > 0 ? `${home.data.void_requests_total} void requests wait for a supervisor. ` : ''}
          {can.manage && home.data.to_file > 0 ? `${home.data.to_file} issued citations are not filed with court yet.` : ''}
        </Text>
      ) : null}
      {tabs.length > 1 ? (
        <SegmentedControl
          aria-label="Which citations"
          data={tabs.map((value) => ({ value, label: TAB_LABELS[value] }))}
          value={tab}
          onChange={(queue) => go({ ...state, queue: queue as CitationsTab, page: 1 })}
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
      ) : null}
      {tab === 'all' ? (
        <>
          <Group gap="sm" align="flex-end" component="search" aria-label="Search and filter citations">
            <SearchBox
              placeholder="Number, name, plate or statute code"
              value={state.q}
              onSearch={(q) => go({ ...state, q, page: 1 }, true)}
            />
            <FilterSelect
              label="Status"
              any="Any status"
              options={CITATION_STATUSES.map((status) => ({ value: status, label: CITATION_STATUS_LABELS[status] }))}
              value={state.status}
              onChange={(status) => go({ ...state, status, page: 1 })}
            />
            <FilterSelect
              label="Kind"
              any="Any kind"
              options={CITATION_KINDS.map((kind) => ({ value: kind, label: CITATION_KIND_LABELS[kind] }))}
              value={state.kind}
              onChange={(kind) => go({ ...state, kind, page: 1 })}
            />
            <FilterSelect
              label="Statute"
              any="Any statute"
              searchable
              width="16rem"
              options={(statutes.data ?? []).map((s) => ({ value: s.id, label: `${s.code} — ${s.description}` }))}
              value={state.statute_id}
              onChange={(statute_id) => go({ ...state, statute_id, page: 1 })}
            />
            <FilterSelect
              label="Officer"
              any="Any officer"
              searchable
              options={(officers.data?.rows ?? []).map((row) => ({ value: row.key, label: row.label }))}
              value={state.officer_id}
              onChange={(officer_id) => go({ ...state, officer_id, page: 1 })}
            />
            <TextInput
              type="date"
              label="From"
              value={state.from ?? ''}
              onChange={(e) => go({ ...state, from: e.currentTarget.value || null, page: 1 })}
            />
            <TextInput
              type="date"
              label="To"
              value={state.to ?? ''}
              onChange={(e) => go({ ...state, to: e.currentTarget.value || null, page: 1 })}
            />
          </Group>
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload aria-hidden size={18} />}
              loading={exporting}
              disabled={!citations.data?.total}
              onClick={() => {
                setExporting(true);
                downloadCitationsCsv(query)
                  .catch((error: unknown) => notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) }))
                  .finally(() => setExporting(false));
              }}
            >
              Download CSV
            </Button>
          </Group>
        </>
      ) : null}
      <ListView
        label={TAB_LABELS[tab]}
        query={citations}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId="citation-row"
        loadingLabel="Loading citations…"
        empty={filtered && tab === 'all' ? { title: 'No citation matches', children: 'Try another search or filter.' } : EMPTY[tab]}
        minWidth={900}
        pager={{
          page: state.page,
          pageSize: state.page_size,
          onPage: (page) => go({ ...state, page }),
          onPageSize: (pageSize) => go({ ...state, page_size: pageSize, page: 1 }),
        }}
      />
    </CitationsPage>
  );
}
