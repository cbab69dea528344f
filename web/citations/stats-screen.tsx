import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { CITATION_STATS_GROUPS } from '../../core/contracts/citations.ts';
import { MONTH_SHORT_LABELS } from '../../core/dates.ts';
import { errorMessage } from '../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { useCitationStats } from './citations-calls.ts';
import { CitationsPage } from './citations-ui.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

type StatsGroup = (typeof CITATION_STATS_GROUPS)[number];
const GROUP_LABELS: Record<StatsGroup, string> = { officer: 'Officer', statute: 'Statute', kind: 'Kind' };

function monthsAgo(months: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** 2026-11 as Nov 2026. */
function monthLabel(month: string): string {
  return `${MONTH_SHORT_LABELS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** /citations/stats: the supervisor's counts of issued, voided and amended citations by officer, statute or kind over a period, month by month. */
export function StatsScreen() {
  const [from, setFrom] = useState(() => monthsAgo(5));
  const [to, setTo] = useState(() => new Date().toISOString().slice(0, 10));
  const [group, setGroup] = useState<StatsGroup>('officer');
  const valid = Boolean(from && to && from <= to);
  const stats = useCitationStats({ from, to, group }, valid);
  const totals = (stats.data?.rows ?? []).reduce(
    (sum, row) => ({ issued: sum.issued + row.issued, voided: sum.voided + row.voided, amended: sum.amended + row.amended }),
    { issued: 0, voided: 0, amended: 0 },
  );
  return (
    <CitationsPage
      title="Citation counts"
      description="Issued, voided and amended citations over a period, by officer, statute or kind."
      breadcrumbs={[{ label: 'Citations', to: '/citations' }]}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          error={valid ? null : 'Choose a period'}
        />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="stats-group-label">
            Counted by
          </Text>
          <SegmentedControl
            aria-labelledby="stats-group-label"
            data={CITATION_STATS_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
            value={group}
            onChange={(value) => setGroup(value as StatsGroup)}
          />
        </Stack>
      </Group>
      {!valid ? null : stats.isPending ? (
        <LoadingState label="Counting…" />
      ) : stats.isError ? (
        <ErrorState message={errorMessage(stats.error)} onRetry={() => void stats.refetch()} />
      ) : stats.data.rows.length === 0 ? (
        <EmptyState title="No citation in this period">Choose a longer period.</EmptyState>
      ) : (
        <>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="stats-chart">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="stats-chart">
                Month by month
              </Title>
              <BarChart
                h={260}
                data={stats.data.months.map((m) => ({
                  month: monthLabel(m.month),
                  Issued: m.issued,
                  Voided: m.voided,
                  Amended: m.amended,
                }))}
                dataKey="month"
                series={[
                  { name: 'Issued', color: 'blue.6' },
                  { name: 'Voided', color: 'red.6' },
                  { name: 'Amended', color: 'yellow.6' },
                ]}
                withLegend
                aria-label={`Citations issued, voided and amended per month, ${from} to ${to}: ${totals.issued} issued, ${totals.voided} voided, ${totals.amended} amended`}
              />
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="stats-table">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="stats-table">
                By {GROUP_LABELS[group].toLowerCase()}
              </Title>
              <TableScroll minWidth={420} tabIndex={0} aria-label={`Counts by ${GROUP_LABELS[group].toLowerCase()}`}>
                <Table verticalSpacing={4} fz="sm" data-testid="stats-rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{GROUP_LABELS[group]}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Issued
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Voided
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Amended
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {stats.data.rows.map((row) => (
                      <Table.Tr key={row.key}>
                        <Table.Th scope="row" fw={500}>
                          {row.label}
                        </Table.Th>
                        <Table.Td ta="right">{row.issued}</Table.Td>
                        <Table.Td ta="right">{row.voided}</Table.Td>
                        <Table.Td ta="right">{row.amended}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th scope="row">Total</Table.Th>
                      <Table.Td ta="right">{totals.issued}</Table.Td>
                      <Table.Td ta="right">{totals.voided}</Table.Td>
                      <Table.Td ta="right">{totals.amended}</Table.Td>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </TableScroll>
            </Stack>
          </Card>
        </>
      )}
    </CitationsPage>
  );
}
