import { Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ScheduleChange } from '../../../core/contracts/schedule.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { isCalendarDate } from '../../lib/url-search.ts';
import { useScheduleHistory } from '../schedule-calls.ts';
import { shortDate } from '../schedule-times.ts';

/** Every change to the roster, newest first: who, when, what and why (by the shifts' dates when given). */
export function HistoryPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const dates = useAgencyDates();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const history = useScheduleHistory({
    ...(isCalendarDate(from) ? { from } : {}),
    ...(isCalendarDate(to) ? { to } : {}),
    page,
  });
  const columns: ListColumn<ScheduleChange>[] = [
    { label: 'When', card: 'title', cell: (row) => dates.dateTime(row.at) },
    { label: 'Who', cell: (row) => row.actor_name },
    { label: 'Shift', cell: (row) => [row.shift_date ? shortDate(row.shift_date) : '', row.user_name ?? ''].filter(Boolean).join(' · ') },
    { label: 'Change', cell: (row) => row.summary },
    { label: 'Why', cell: (row) => row.reason },
  ];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <TextInput
          type="date"
          label="Shifts from"
          value={from}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            onPage(1);
          }}
        />
        <TextInput
          type="date"
          label="to"
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            onPage(1);
          }}
        />
      </Group>
      <ListView
        label="Changes to the roster"
        query={history}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId="history-row"
        loadingLabel="Loading the history…"
        empty={{ title: 'No change yet', children: 'Every shift assigned, changed or removed shows here with who and why.' }}
        minWidth={820}
        pager={{ page, pageSize: history.data?.page_size ?? 25, onPage }}
      />
    </Stack>
  );
}
