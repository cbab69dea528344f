import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { DOR_STATUSES, SHIFT_LABELS, type DorStatus, type DorSummary } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { FilterSelect } from '../ui/filter-select.tsx';
import { ListView, type ListColumn } from '../lib/list-view.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { downloadDorsCsv, useBinder, useDors } from './fto-calls.ts';
import { calendarDate, DorStatusBadge, FtoPage } from './fto-ui.tsx';
import { WaitingDors } from './waiting-dors.tsx';

const STATUS_LABELS: Record<DorStatus, string> = {
  draft: 'Drafts',
  completed: 'Waiting for the trainee',
  acknowledged: 'Waiting for approval',
  approved: 'Approved',
};

function columns(binderId: string): ListColumn<DorSummary>[] {
  return [
    {
      label: 'DOR',
      card: 'title',
      cell: (dor) => (
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/fto/binder/$binder_id/dors/view/$dor_id" params={{ binder_id: binderId, dor_id: dor.id }} />
          )}
          fw={600}
        >
          DOR #{dor.number}
        </Anchor>
      ),
    },
    { label: 'Shift', cell: (dor) => `${calendarDate(dor.shift_date)} ${SHIFT_LABELS[dor.shift]}` },
    { label: 'Trainer', cell: (dor) => dor.trainer_name },
    { label: 'Below acceptable', cell: (dor) => (dor.failing ? `${dor.failing} categories` : 'None') },
    { label: 'Status', card: 'status', cell: (dor) => <DorStatusBadge status={dor.status} /> },
  ];
}

/** /fto/binder/{id}/dors: the binder's daily observation reports, newest shift first. */
export function DorsScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const [status, setStatus] = useState<DorStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const dors = useDors(binderId, { page, page_size: pageSize, ...(status ? { status } : {}) });
  const name = binder.data?.trainee_name;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <FtoPage
      title={name ? `DORs: ${name}` : 'Daily observation reports'}
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
      ]}
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            loading={exporting}
            disabled={!binder.data}
            onClick={() => {
              setExportError(null);
              setExporting(true);
              downloadDorsCsv(binderId, name ?? '')
                .catch((error: unknown) => setExportError(errorMessage(error)))
                .finally(() => setExporting(false));
            }}
          >
            Export CSV
          </Button>
          {binder.data?.can.write_dor ? (
            <Button renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/dors/create" params={{ binder_id: binderId }} />}>
              Write a DOR
            </Button>
          ) : null}
        </Group>
      }
    >
      <FormErrorAlert message={exportError} />
      <Group gap="sm">
        <FilterSelect
          label="Status"
          any="Any status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={DOR_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
      </Group>
      <WaitingDors binderId={binderId} />
      <ListView
        label="Daily observation reports"
        query={dors}
        columns={columns(binderId)}
        rowKey={(dor) => dor.id}
        loadingLabel="Loading the DORs…"
        empty={{
          title: status ? 'No DOR with this status' : 'No DOR yet',
          children: <Text fz="sm">A trainer writes one DOR for each shift worked with the trainee.</Text>,
        }}
        minWidth={560}
        pager={{ page, pageSize, onPage: setPage, onPageSize: setPageSize }}
      />
    </FtoPage>
  );
}
