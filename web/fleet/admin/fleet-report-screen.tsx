import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { FleetReport } from '../../../core/contracts/fleet-records.ts';
import { toCsv } from '../../../core/csv.ts';
import { formatCents } from '../../../core/fleet/work-order-totals.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { downloadText } from '../../lib/download.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { useFleetReport } from './fleet-records-api.ts';
import { PeriodPicker, usePeriodStart, type Period } from './period-picker.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.6'];
const dollars = (cents: number) => Math.round(cents) / 100;

/** A table of figures: the chart's data for screen readers and the keyboard, and what the CSV holds. */
export type Figures = { header: string[]; rows: Array<Array<string | number>> };

/** The report's figures, one table per chart, worked out once for the tables and the CSV files. */
export function reportFigures(report: FleetReport) {
  const costs: Figures = {
    header: ['Month', ...report.categories.map((category) => category.label), 'Total'],
    rows: report.cost_by_month.map((month) => {
      const values = report.categories.map((category) => month.costs[category.key] ?? 0);
      return [month.month, ...values.map(dollars), dollars(values.reduce((sum, value) => sum + value, 0))];
    }),
  };
  const downtime: Figures = {
    header: ['Unit', 'Days out of service'],
    rows: report.downtime.map((row) => [row.unit_number, row.days]),
  };
  const checks: Figures = {
    header: ['Week of', 'Completed', 'Due'],
    rows: report.checks_by_week.map((week) => [week.week, week.completed, week.due]),
  };
  const vehicles: Figures = {
    header: ['Unit', 'Repairs ($)', 'Fuel ($)', 'Total ($)', 'Miles', 'Per mile ($)'],
    rows: report.vehicles.map((row) => [
      row.unit_number,
      dollars(row.maintenance_cents),
      dollars(row.fuel_cents),
      dollars(row.total_cents),
      row.miles ?? '',
      row.cost_per_mile_cents === null ? '' : dollars(row.cost_per_mile_cents),
    ]),
  };
  return { costs, downtime, checks, vehicles };
}

function FiguresTable({ figures, label, money }: { figures: Figures; label: string; money?: boolean }) {
  return (
    <TableScroll minWidth={Math.min(900, 140 * figures.header.length)} tabIndex={0} aria-label={label}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {figures.header.map((heading, index) => (
              <Table.Th key={heading} scope="col" ta={index === 0 ? undefined : 'right'}>
                {heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={index} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={index} ta="right">
                    {(money || figures.header[index]!.endsWith('($)')) && typeof cell === 'number'
                      ? formatCents(Math.round(cell * 100))
                      : cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function Section(props: { id: string; title: string; file: string; figures: Figures; money?: boolean; empty: string; chart: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={props.id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={props.id}>
            {props.title}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload aria-hidden size={16} />}
            disabled={props.figures.rows.length === 0}
            onClick={() => downloadText(props.file, toCsv(props.figures.header, props.figures.rows))}
            aria-label={`Download ${props.title.toLowerCase()} as CSV`}
          >
            CSV
          </Button>
        </Group>
        {props.figures.rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {props.empty}
          </Text>
        ) : (
          <>
            {props.chart}
            <FiguresTable figures={props.figures} label={`${props.title}, as a table`} money={props.money} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /fleet/admin/reports: what the fleet cost and how it was used over a period, each chart also as a table and a CSV file. */
export function FleetReportScreen() {
  const [period, setPeriod] = useState<Period>(usePeriodStart('year'));
  const report = useFleetReport({ from: period.from, to: period.to });
  const figures = report.data ? reportFigures(report.data) : null;
  const suffix = `${period.from}-to-${period.to}`;
  return (
    <FleetAdminPage
      title="Fleet report"
      description="Cost by category and month, downtime per vehicle, squad checks done against due, and each vehicle’s cost of ownership."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
    >
      <PeriodPicker value={period} onChange={setPeriod} label="Period of the report" />
      {report.isPending ? (
        <LoadingState label="Loading the report…" />
      ) : report.isError || !figures ? (
        <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : figures.vehicles.rows.length === 0 && figures.checks.rows.every((row) => row[2] === 0) ? (
        <EmptyState title="Nothing in this period">No cost, downtime or squad check falls in it. Choose a longer period.</EmptyState>
      ) : (
        <>
          <Section
            id="report-costs"
            title="Cost by category and month"
            file={`fleet-costs-${suffix}.csv`}
            figures={figures.costs}
            money
            empty="No cost in this period."
            chart={
              <BarChart
                h={280}
                type="stacked"
                data={report.data.cost_by_month.map((month) => ({
                  month: month.month,
                  ...Object.fromEntries(
                    report.data.categories.map((category) => [category.label, dollars(month.costs[category.key] ?? 0)]),
                  ),
                }))}
                dataKey="month"
                series={report.data.categories.map((category, index) => ({ name: category.label, color: COLORS[index % COLORS.length]! }))}
                valueFormatter={(value) => formatCents(Math.round(value * 100))}
                withLegend
                aria-label={`Cost by category and month, ${period.from} to ${period.to}; the table below has the figures`}
              />
            }
          />
          <Section
            id="report-downtime"
            title="Downtime per vehicle"
            file={`fleet-downtime-${suffix}.csv`}
            figures={figures.downtime}
            empty="No vehicle was out of service in this period."
            chart={
              <BarChart
                h={Math.max(160, 28 * report.data.downtime.length)}
                orientation="vertical"
                data={report.data.downtime.map((row) => ({ unit: row.unit_number, Days: row.days }))}
                dataKey="unit"
                series={[{ name: 'Days', color: 'red.6' }]}
                aria-label={`Days out of service per vehicle, ${period.from} to ${period.to}; the table below has the figures`}
              />
            }
          />
          <Section
            id="report-checks"
            title="Squad checks completed and due per week"
            file={`fleet-squad-checks-${suffix}.csv`}
            figures={figures.checks}
            empty="No week of this period has begun."
            chart={
              <BarChart
                h={260}
                data={report.data.checks_by_week.map((week) => ({ week: week.week, Completed: week.completed, Due: week.due }))}
                dataKey="week"
                series={[
                  { name: 'Completed', color: 'teal.6' },
                  { name: 'Due', color: 'gray.5' },
                ]}
                withLegend
                aria-label={`Squad checks completed and due per week, ${period.from} to ${period.to}; the table below has the figures`}
              />
            }
          />
          <Section
            id="report-vehicles"
            title="Cost of ownership per vehicle"
            file={`fleet-cost-of-ownership-${suffix}.csv`}
            figures={figures.vehicles}
            empty="No vehicle cost anything in this period."
            chart={null}
          />
        </>
      )}
    </FleetAdminPage>
  );
}
