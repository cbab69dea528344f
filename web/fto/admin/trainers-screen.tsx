import { Anchor, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { TrainerSummary, TrainersOverview } from '../../../core/contracts/fto.ts';
import { RATINGS, type Rating } from '../../../core/fto/ratings.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useTrainers } from '../fto-calls.ts';
import { FtoAdminPage } from '../fto-ui.tsx';

/** The rating scale as the distribution table's rows name it (the legend above spells the letters out). */
const SHORT_LABELS: Record<Rating, string> = {
  '1': '1',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  NO: 'N.O.',
  NRT: 'N.R.T.',
  REM: 'REM',
};

/** A share differing from the program's by this many points (or more) is shown in bold. */
const NOTABLE_POINTS = 10;

type Counts = Record<string, number>;

function total(counts: Counts): number {
  return RATINGS.reduce((sum, r) => sum + (counts[r] ?? 0), 0);
}

function share(counts: Counts, rating: Rating, of: number): number {
  return of === 0 ? 0 : Math.round(((counts[rating] ?? 0) / of) * 100);
}

function formatMean(mean: number | null): string {
  return mean === null ? '—' : mean.toFixed(1);
}

/** /fto/admin/trainers: who trains, whom they train now, their DORs, and how each rates beside the program (consistency between raters). */
export function TrainersScreen() {
  const trainers = useTrainers();
  return (
    <FtoAdminPage
      title="Trainers"
      description="Who trains whom now, the DORs each field training officer wrote in the last 90 days and the drafts left overdue, and how each one rates beside the whole program."
      breadcrumbs={[{ label: 'Field training office', to: '/fto/admin' }]}
    >
      {trainers.isPending ? (
        <LoadingState label="Loading the trainers…" />
      ) : trainers.isError ? (
        <ErrorState message={errorMessage(trainers.error)} onRetry={() => void trainers.refetch()} />
      ) : trainers.data.trainers.length === 0 ? (
        <EmptyState title="No field training officers yet">
          Give someone the Field Training Officer role in Users, then assign them to a trainee’s binder.
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Text fz="sm">
            Program mean rating over the last 90 days: <strong>{formatMean(trainers.data.program_mean)}</strong>. Ratings: 1 unacceptable, 4
            acceptable, 7 superior; N.O. not observed, N.R.T. not responding to training, REM remedial training. A share {NOTABLE_POINTS} or
            more points away from the program’s is in bold.
          </Text>
          {trainers.data.trainers.map((trainer) => (
            <TrainerCard key={trainer.id} trainer={trainer} overview={trainers.data} />
          ))}
        </Stack>
      )}
    </FtoAdminPage>
  );
}

function TrainerCard({ trainer, overview }: { trainer: TrainerSummary; overview: TrainersOverview }) {
  const headingId = `trainer-${trainer.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {trainer.name}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="sm" miw={0}>
            <Group gap="lg" wrap="wrap" align="flex-start">
              <Figure label="DORs written (90 days)" value={String(trainer.dors_written)} />
              <Stack gap={2}>
                <Text fz="xs" c="dimmed">
                  Overdue drafts
                </Text>
                {trainer.dors_overdue > 0 ? (
                  <StatusBadge color="red" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
                    {trainer.dors_overdue} overdue
                  </StatusBadge>
                ) : (
                  <Text fw={700}>0</Text>
                )}
              </Stack>
              <Figure label="Mean rating" value={formatMean(trainer.mean)} detail={`program ${formatMean(overview.program_mean)}`} />
            </Group>
            <Stack gap={4}>
              <Title order={3} fz="sm">
                Current trainees
              </Title>
              {trainer.trainees.length === 0 ? (
                <Text fz="sm">No trainee in the phase they train.</Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {trainer.trainees.map((t) => (
                    <Text key={t.binder_id} component="li" fz="sm">
                      <Anchor
                        fz="sm"
                        fw={600}
                        renderRoot={(props) => <Link {...props} to="/fto/admin/binder/$binder_id" params={{ binder_id: t.binder_id }} />}
                      >
                        {t.trainee_name}
                      </Anchor>{' '}
                      · {t.phase_name}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
          <Distribution trainer={trainer} program={overview.program_distribution} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>
        {value}
        {detail ? (
          <Text span fz="sm" fw={400}>
            {' '}
            ({detail})
          </Text>
        ) : null}
      </Text>
    </Stack>
  );
}

/** The trainer's share of each rating beside the program's, over the ratings the program gave at all. */
function Distribution({ trainer, program }: { trainer: TrainerSummary; program: Counts }) {
  const mine = total(trainer.distribution);
  const all = total(program);
  if (mine === 0) return <Text fz="sm">No DOR completed in the last 90 days, so no ratings to compare.</Text>;
  const rows = RATINGS.filter((r) => (program[r] ?? 0) > 0);
  return (
    <Table withTableBorder={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm" captionSide="top">
      <Table.Caption style={{ textAlign: 'left' }}>
        Share of each rating given, of {mine} ratings (program: {all})
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Rating</Table.Th>
          <Table.Th scope="col" style={{ overflowWrap: 'anywhere' }}>
            {trainer.name}
          </Table.Th>
          <Table.Th scope="col">Program</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((rating) => {
          const theirs = share(trainer.distribution, rating, mine);
          const programs = share(program, rating, all);
          const notable = Math.abs(theirs - programs) >= NOTABLE_POINTS;
          return (
            <Table.Tr key={rating}>
              <Table.Th scope="row" fw={600}>
                {SHORT_LABELS[rating]}
              </Table.Th>
              <Table.Td>
                <Share percent={theirs} color="var(--mantine-color-blue-filled)" bold={notable} />
              </Table.Td>
              <Table.Td>
                <Share percent={programs} color="var(--mantine-color-text)" bold={false} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** A percentage with a small bar for comparing at a glance (the number is what a screen reader reads). */
function Share({ percent, color, bold }: { percent: number; color: string; bold: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text span fz="sm" fw={bold ? 700 : 400} style={{ display: 'inline-block', minWidth: '4ch', textAlign: 'right' }}>
        {percent}%
      </Text>
      <Box aria-hidden w={48} h={6} bg="var(--mantine-color-default-border)" style={{ borderRadius: 3, flexShrink: 0 }}>
        <Box h={6} w={`${percent}%`} bg={color} style={{ borderRadius: 3 }} />
      </Box>
    </Group>
  );
}
