import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { DOR_STATUSES, SHIFT_LABELS, type DorStatus } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { FilterSelect } from '../ui/filter-select.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { TablePager } from '../ui/table-pager.tsx';
import { downloadDorsCsv, useBinder, useDors } from './fto-calls.ts';
import { calendarDate, DorStatusBadge, FtoPage } from './fto-ui.tsx';

const STATUS_LABELS: Record<DorStatus, string> = {
  draft: 'Drafts',
  completed: 'Waiting for the trainee',
  acknowledged: 'Waiting for approval',
  approved: 'Approved',
};

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
      {dors.isPending ? (
        <LoadingState label="Loading the DORs…" />
      ) : dors.isError ? (
        <ErrorState message={errorMessage(dors.error)} onRetry={() => void dors.refetch()} />
      ) : dors.data.items.length === 0 ? (
        <EmptyState title={status ? 'No DOR with this status' : 'No DOR yet'}>
          <Text fz="sm">A trainer writes one DOR for each shift worked with the trainee.</Text>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>DOR</Table.Th>
                  <Table.Th>Shift</Table.Th>
                  <Table.Th>Trainer</Table.Th>
                  <Table.Th>Below acceptable</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dors.data.items.map((dor) => (
                  <Table.Tr key={dor.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link {...props} to="/fto/binder/$binder_id/dors/view/$dor_id" params={{ binder_id: binderId, dor_id: dor.id }} />
                        )}
                        fw={600}
                      >
                        #{dor.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {calendarDate(dor.shift_date)} {SHIFT_LABELS[dor.shift]}
                    </Table.Td>
                    <Table.Td>{dor.trainer_name}</Table.Td>
                    <Table.Td>{dor.failing ? `${dor.failing} categories` : 'None'}</Table.Td>
                    <Table.Td>
                      <DorStatusBadge status={dor.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager total={dors.data.total} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
        </>
      )}
    </FtoPage>
  );
}
