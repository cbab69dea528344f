import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { programCategories, type BinderDetail } from '../../core/contracts/fto.ts';
import { phaseSummaries, weeklySummaries } from '../../core/fto/summaries.ts';
import { calendarDate } from './fto-ui.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

/** A binder's weekly and end-of-phase summaries, built from its approved DORs (core/fto/summaries.ts). */
export function SummariesPanel({ binder }: { binder: BinderDetail }) {
  const [by, setBy] = useState<'week' | 'phase'>('week');
  const labels = new Map(programCategories(binder.program).map((c) => [c.key, c.label]));
  const summaries = by === 'week' ? weeklySummaries(binder.start_date, binder.trend) : phaseSummaries(binder.program.phases, binder.trend);
  if (binder.trend.length === 0) return <Text fz="sm">Summaries appear once DORs are approved.</Text>;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Summarise by"
        value={by}
        onChange={(value) => setBy(value as 'week' | 'phase')}
        data={[
          { value: 'week', label: 'By week' },
          { value: 'phase', label: 'By phase' },
        ]}
        w="fit-content"
      />
      <TableScroll minWidth={320}>
        <Table striped verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{by === 'week' ? 'Week' : 'Phase'}</Table.Th>
              <Table.Th>DORs</Table.Th>
              <Table.Th>Mean</Table.Th>
              <Table.Th>Below acceptable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summaries.map((summary) => (
              <Table.Tr key={summary.label}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {summary.label}
                  </Text>
                  <Text fz="xs">
                    {calendarDate(summary.from)} to {calendarDate(summary.to)}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm">{summary.dors}</Table.Td>
                <Table.Td fz="sm">{summary.mean ?? '—'}</Table.Td>
                <Table.Td fz="sm">
                  {summary.below.length === 0
                    ? 'None'
                    : summary.below
                        .slice(0, 4)
                        .map((b) => `${labels.get(b.key) ?? b.key} (${b.count})`)
                        .join(', ') + (summary.below.length > 4 ? `, and ${summary.below.length - 4} more` : '')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
