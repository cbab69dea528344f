import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BINDER_STATUSES, type Binder, type BinderStatus } from '../../../core/contracts/fto.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { downloadBindersCsv, useBinders } from '../fto-calls.ts';
import { BinderStatusBadge, calendarDate, FtoAdminPage } from '../fto-ui.tsx';
import { StartBinderDialog } from './start-binder-dialog.tsx';

type StatusFilter = BinderStatus | 'all';
const STATUS_LABELS: Record<StatusFilter, string> = {
  active: 'Active',
  extended: 'Phase extended',
  remedial: 'Remedial training',
  completed: 'Completed',
  released: 'Released',
  all: 'Every binder',
};

const COLUMNS: ListColumn<Binder>[] = [
  {
    label: 'Trainee',
    card: 'title',
    cell: (binder) => (
      <Anchor renderRoot={(props) => <Link {...props} to="/fto/admin/binder/$binder_id" params={{ binder_id: binder.id }} />} fw={600}>
        {binder.trainee_name}
      </Anchor>
    ),
  },
  { label: 'Phase', cell: (binder) => binder.phase_name },
  { label: 'Trainers', cell: (binder) => [...new Set(binder.trainers.map((t) => t.trainer_name))].join(', ') || 'None assigned' },
  { label: 'Started', cell: (binder) => calendarDate(binder.start_date) },
  { label: 'Signed DORs', cell: (binder) => binder.dors_signed },
  { label: 'Last DOR', cell: (binder) => calendarDate(binder.last_dor_on) || '—' },
  { label: 'Status', card: 'status', cell: (binder) => <BinderStatusBadge status={binder.status} /> },
];

/** /fto/admin/binder/list: every trainee's binder, open ones by default, searchable by name, with CSV. */
export function BindersScreen() {
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [starting, setStarting] = useState(false);
  const filters = { status: status ?? ('open' as const), ...(q ? { q } : {}) };
  const binders = useBinders({ ...filters, page, page_size: pageSize });
  return (
    <FtoAdminPage
      title="Binders"
      description="One binder per trainee: their program, phase, trainers and signed DORs."
      breadcrumbs={[{ label: 'Field training office', to: '/fto/admin' }]}
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              void downloadBindersCsv(filters).catch((e: unknown) =>
                notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(e) }),
              )
            }
          >
            Export CSV
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setStarting(true)}>
            Open a binder
          </Button>
        </Group>
      }
    >
      {starting ? <StartBinderDialog opened={starting} onClose={() => setStarting(false)} /> : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Trainee"
          placeholder="Type a name"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '0 1 16rem' }}
        />
        <FilterSelect
          label="Status"
          any="Open (active, extended, remedial)"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[...BINDER_STATUSES, 'all' as const].map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          width="18rem"
        />
      </Group>
      <ListView
        label="Binders"
        query={binders}
        columns={COLUMNS}
        rowKey={(binder) => binder.id}
        loadingLabel="Loading the binders…"
        empty={{
          title: q ? `No binder for “${q}”` : 'No binder here',
          children: <Text fz="sm">Open a binder for each trainee starting field training.</Text>,
        }}
        minWidth={720}
        pager={{ page, pageSize, onPage: setPage, onPageSize: setPageSize }}
      />
    </FtoAdminPage>
  );
}
