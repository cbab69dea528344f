import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SHIFT_LABELS, type Binder, type DorSummary, type FtoHome } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useFtoHome } from './fto-calls.ts';
import { BinderStatusBadge, calendarDate, DorStatusBadge, FtoPage } from './fto-ui.tsx';

function HomeCard(props: { title: string; count?: number; children: ReactNode; action?: ReactNode }) {
  const id = `fto-home-${props.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={id}>
            {props.title}
            {props.count !== undefined ? ` (${props.count})` : ''}
          </Title>
          {props.action}
        </Group>
        {props.children}
      </Stack>
    </Card>
  );
}

function DorLine({ dor, who }: { dor: DorSummary; who: 'trainee' | 'trainer' | 'both' }) {
  const people =
    who === 'trainee' ? dor.trainee_name : who === 'trainer' ? dor.trainer_name : `${dor.trainee_name}, by ${dor.trainer_name}`;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" component="li">
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/fto/binder/$binder_id/dors/view/$dor_id" params={{ binder_id: dor.binder_id, dor_id: dor.id }} />
        )}
        fw={600}
      >
        DOR #{dor.number}: {calendarDate(dor.shift_date)} ({SHIFT_LABELS[dor.shift]})
      </Anchor>
      <Text fz="sm" c="dimmed">
        {people}
      </Text>
      <DorStatusBadge status={dor.status} />
    </Group>
  );
}

function DorList({ dors, who, empty }: { dors: DorSummary[]; who: 'trainee' | 'trainer' | 'both'; empty: string }) {
  if (dors.length === 0) return <Text fz="sm">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {dors.map((dor) => (
        <DorLine key={dor.id} dor={dor} who={who} />
      ))}
    </Stack>
  );
}

function BinderLine({ binder, write }: { binder: Binder; write: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" component="li">
      <Stack gap={0}>
        <Anchor renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id" params={{ binder_id: binder.id }} />} fw={600}>
          {binder.trainee_name}
        </Anchor>
        <Text fz="sm" c="dimmed">
          {binder.phase_name} · {binder.dors_signed} signed DORs
        </Text>
      </Stack>
      <Group gap="xs">
        <BinderStatusBadge status={binder.status} />
        {write ? (
          <Button
            size="xs"
            variant="light"
            renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/dors/create" params={{ binder_id: binder.id }} />}
          >
            Write a DOR for {binder.trainee_name}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

function HomeCards({ home }: { home: FtoHome }) {
  const cards: ReactNode[] = [];
  if (home.my_binder)
    cards.push(
      <HomeCard key="binder" title="My field training">
        <Text fz="sm">
          {home.my_binder.phase_name} since {calendarDate(home.my_binder.phase_started_on)} · {home.my_binder.dors_signed} signed DORs
        </Text>
        <Text fz="sm">Trainers: {[...new Set(home.my_binder.trainers.map((t) => t.trainer_name))].join(', ') || 'none assigned yet'}</Text>
        <Group gap="xs">
          <BinderStatusBadge status={home.my_binder.status} />
          <Button
            size="xs"
            renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id" params={{ binder_id: home.my_binder!.id }} />}
          >
            Open my binder
          </Button>
        </Group>
        {home.policies_to_acknowledge ? (
          <Anchor
            fz="sm"
            fw={600}
            renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/policies" params={{ binder_id: home.my_binder!.id }} />}
          >
            {home.policies_to_acknowledge} {home.policies_to_acknowledge === 1 ? 'policy' : 'policies'} to read and acknowledge
          </Anchor>
        ) : null}
      </HomeCard>,
    );
  if (home.my_binder || home.to_acknowledge.length)
    cards.push(
      <HomeCard key="ack" title="DORs to acknowledge" count={home.to_acknowledge.length}>
        <DorList dors={home.to_acknowledge} who="trainer" empty="Nothing to acknowledge: you are up to date." />
      </HomeCard>,
    );
  if (home.my_trainees.length || home.to_write.length)
    cards.push(
      <HomeCard key="trainees" title="My trainees" count={home.my_trainees.length}>
        {home.my_trainees.length ? (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {home.my_trainees.map((binder) => (
              <BinderLine key={binder.id} binder={binder} write />
            ))}
          </Stack>
        ) : (
          <Text fz="sm">No trainee is assigned to you right now.</Text>
        )}
      </HomeCard>,
      <HomeCard key="write" title="DORs to finish" count={home.to_write.length}>
        <DorList dors={home.to_write} who="trainee" empty="No draft waiting: every DOR you started is completed." />
      </HomeCard>,
    );
  if (home.program)
    cards.push(
      <HomeCard key="approve" title="DORs to approve" count={home.to_approve.length}>
        <DorList dors={home.to_approve} who="both" empty="Nothing waits for your approval." />
      </HomeCard>,
      <HomeCard
        key="program"
        title="The program"
        action={
          <Anchor renderRoot={(props) => <Link {...props} to="/fto/admin" />} fz="sm" fw={600}>
            Open the field training office
          </Anchor>
        }
      >
        <Text fz="sm">
          {home.program.active_by_phase.reduce((n, p) => n + p.count, 0)} trainees in training
          {home.program.active_by_phase.length
            ? `: ${home.program.active_by_phase.map((p) => `${p.count} in ${p.phase_name}`).join(', ')}`
            : ''}
          .
        </Text>
        <Text fz="sm">{home.program.overdue_dors} DORs overdue (waiting more than 24 hours).</Text>
      </HomeCard>,
    );
  if (cards.length === 0)
    return (
      <Card withBorder radius="md" padding="md">
        <Text>You have no binder and no trainee yet. The field training coordinator opens binders and assigns trainers.</Text>
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {cards}
    </SimpleGrid>
  );
}

/** /fto: what field training asks of you now, whether you are a trainee, a trainer or the coordinator. */
export function FtoHomeScreen() {
  const home = useFtoHome();
  return (
    <FtoPage title="Field training" description="Your binder, your trainees and the daily observation reports waiting for you.">
      {home.isPending ? (
        <LoadingState label="Loading field training…" />
      ) : home.isError ? (
        <ErrorState message={errorMessage(home.error)} onRetry={() => void home.refetch()} />
      ) : (
        <HomeCards home={home.data} />
      )}
    </FtoPage>
  );
}
