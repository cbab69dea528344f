import { Button, Group, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { AuditEntry } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { auditDiff, fieldLabel } from './audit-diff.ts';
import { AUDIT_ACTION_GROUPS, AUDIT_PAGE_SIZE, actionLabel, auditApiQuery, type AuditSearch } from './audit-search.ts';
import { downloadAuditCsv } from './download-audit-csv.ts';
import { useAudit } from './list-audit.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { PersonPicker } from '../lib/person-picker.tsx';
import { userOptions } from './user-options.ts';
import { ListView, type ListColumn } from '../lib/list-view.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

const CHANGE_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: 'Unchanged' } as const;

/** Before and after of one entry, field by field. */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const rows = auditDiff(entry.before, entry.after, { onlyChanges: true });
  if (rows.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No before or after was recorded for this entry.
      </Text>
    );
  return (
    <TableScroll minWidth={280}>
      <Table fz="sm" withTableBorder verticalSpacing={4} aria-label={`Changes: ${entry.summary}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Th scope="row" fw={500}>
                {fieldLabel(row.field)}
                <Text component="span" fz="xs" c="dimmed" display="block">
                  {CHANGE_LABELS[row.change]}
                </Text>
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {row.before === '' ? (
                  <Text span c="dimmed">
                    —
                  </Text>
                ) : (
                  <del style={{ textDecorationThickness: 1 }}>{row.before}</del>
                )}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {row.after === '' ? (
                  <Text span c="dimmed">
                    —
                  </Text>
                ) : (
                  <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{row.after}</ins>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The audit log on /admin?tab=audit: filters by person, kind of action and dates, a page at a time, exportable to CSV. */
export function AuditLogPanel({ state, onChange }: { state: AuditSearch; onChange: (next: AuditSearch) => void }) {
  const dates = useAgencyDates();
  const query = useMemo(() => auditApiQuery(state, dates.timeZone), [state, dates.timeZone]);
  const audit = useAudit(query);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [exporting, setExporting] = useState(false);
  const filtered = state.actor !== null || state.action !== null || state.from !== null || state.to !== null;

  const actionOptions = AUDIT_ACTION_GROUPS.map((group) => ({
    group: group.group,
    items: [
      { value: group.area, label: `Any ${group.group.toLowerCase()} change` },
      ...group.actions.map((action) => ({ value: action, label: `${group.group}: ${actionLabel(action)}` })),
    ],
  }));

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // A table on a desktop; on a phone a card per entry, headed by what was done.
  const columns: ListColumn<AuditEntry>[] = [
    {
      label: 'When',
      cell: (entry) => dates.dateTime(entry.occurred_at),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    {
      label: 'Who',
      cell: (entry) => (
        <>
          {entry.actor_name ?? entry.actor_email ?? 'Precinct'}
          {entry.actor_name && entry.actor_email ? (
            <Text fz="xs" c="dimmed">
              {entry.actor_email}
            </Text>
          ) : null}
        </>
      ),
      td: { style: { overflowWrap: 'anywhere' } },
    },
    {
      label: 'What',
      card: 'title',
      cell: (entry) => {
        const expanded = open.has(entry.id);
        return (
          <UnstyledButton
            onClick={() => toggle(entry.id)}
            aria-expanded={expanded}
            aria-controls={`audit-${entry.id}`}
            style={{ textAlign: 'left' }}
          >
            <Group gap={6} wrap="nowrap" align="flex-start">
              {expanded ? (
                <IconChevronDown aria-hidden size={16} style={{ flex: 'none', marginTop: 2 }} />
              ) : (
                <IconChevronRight aria-hidden size={16} style={{ flex: 'none', marginTop: 2 }} />
              )}
              <span>
                <Text fz="sm" span display="block">
                  {entry.summary}
                </Text>
                <Text fz="xs" c="dimmed" span display="block">
                  {entry.action}
                </Text>
              </span>
            </Group>
          </UnstyledButton>
        );
      },
    },
    {
      label: 'From',
      cell: (entry) => entry.ip ?? '',
      td: { fz: 'xs', c: 'dimmed', style: { overflowWrap: 'anywhere' } },
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap="sm" component="section" aria-label="Filter the audit log">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <PersonPicker
              search={userOptions}
              label="Person"
              placeholder="Anyone"
              value={state.actor}
              onChange={(actor) => onChange({ ...state, actor, page: 1 })}
            />
          </div>
          <Select
            label="Kind of action"
            placeholder="Any action"
            data={actionOptions}
            value={state.action}
            onChange={(action) => onChange({ ...state, action, page: 1 })}
            searchable
            clearable
            style={{ flex: '1 1 14rem' }}
          />
          <TextInput
            type="date"
            label="From"
            value={state.from ?? ''}
            onChange={(event) => onChange({ ...state, from: event.currentTarget.value || null, page: 1 })}
            style={{ flex: '0 1 10rem' }}
          />
          <TextInput
            type="date"
            label="To"
            value={state.to ?? ''}
            onChange={(event) => onChange({ ...state, to: event.currentTarget.value || null, page: 1 })}
            style={{ flex: '0 1 10rem' }}
          />
        </Group>
        <Group gap="sm" justify="space-between">
          <Text fz="xs" c="dimmed">
            Dates are days in the agency’s timezone ({dates.timeZone}); both days are included.
          </Text>
          <Group gap="xs">
            {filtered ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconFilterOff aria-hidden size={16} />}
                onClick={() => onChange({ ...state, actor: null, action: null, from: null, to: null, page: 1 })}
              >
                Clear filters
              </Button>
            ) : null}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload aria-hidden size={16} />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
      </Stack>

      <ListView
        label="Audit log"
        query={audit}
        columns={columns}
        rowKey={(entry) => String(entry.id)}
        loadingLabel="Loading the audit log…"
        empty={
          filtered
            ? { title: 'No entries match these filters', children: 'Try a wider date range or another person or action.' }
            : { title: 'The audit log is empty', children: 'Every change an administrator makes is recorded here.' }
        }
        minWidth={680}
        pager={{
          page: state.page,
          pageSize: AUDIT_PAGE_SIZE,
          onPage: (page) => onChange({ ...state, page }),
          summary: audit.data ? (
            <Text fz="sm" c="dimmed">
              {audit.data.total} {audit.data.total === 1 ? 'entry' : 'entries'}
            </Text>
          ) : null,
        }}
        detail={(entry) =>
          open.has(entry.id) ? (
            <>
              <AuditChanges entry={entry} />
              {entry.user_agent ? (
                <Text fz="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  Browser: {entry.user_agent}
                </Text>
              ) : null}
            </>
          ) : null
        }
        detailId={(entry) => `audit-${entry.id}`}
      />
    </Stack>
  );
}
