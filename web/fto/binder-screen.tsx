import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BINDER_ACTIONS, type BinderDetail, type ChangeBinderPhaseInput } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { isStaleVersion } from '../lib/api.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useBinder, useChangeBinderPhase } from './fto-calls.ts';
import { BinderStatusBadge, calendarDate, FtoAdminPage, FtoPage, RatingChip } from './fto-ui.tsx';
import { BinderTrainersDialog } from './admin/binder-trainers-dialog.tsx';
import { AdvancementPanel } from './advancement-panel.tsx';
import { WaitingDors } from './waiting-dors.tsx';
import { SummariesPanel } from './summaries-panel.tsx';
import { TrendChart } from './trend-chart.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

function Section(props: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `binder-${props.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={id}>
            {props.title}
          </Title>
          {props.actions}
        </Group>
        {props.children}
      </Stack>
    </Card>
  );
}

const ACTION_LABELS: Record<ChangeBinderPhaseInput['action'], string> = {
  advance: 'Advance to the next phase',
  extend: 'Extend the phase',
  remedial: 'Start remedial training',
  resume: 'Resume regular training',
  complete: 'Complete the program',
  release: 'Release from training',
};

/** The coordinator's signed change of a binder's course, with the reason every such change needs. */
function CourseDialog({ binder, opened, onClose }: { binder: BinderDetail; opened: boolean; onClose: () => void }) {
  const change = useChangeBinderPhase();
  const last = binder.program.phases.at(-1)?.key === binder.phase_key;
  const offered = BINDER_ACTIONS.filter((a) =>
    a === 'advance' ? !last : a === 'complete' ? last : a === 'resume' ? binder.status !== 'active' : true,
  );
  const [action, setAction] = useState<ChangeBinderPhaseInput['action']>(offered[0]!);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const submit = async () => {
    setError(null);
    if (!reason.trim()) return setError('Give the reason: it is kept in the binder and the audit log.');
    try {
      await change.mutateAsync({ id: binder.id, input: { action, reason }, version: binder.version });
      notifications.show({
        color: 'green',
        title: 'Binder updated',
        message: `${ACTION_LABELS[action]}: done for ${binder.trainee_name}.`,
      });
      setReason('');
      onClose();
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Change the course of ${binder.trainee_name}’s training`} size="lg">
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="binder" onReload={() => window.location.reload()} /> : null}
        <SegmentedControl
          data={offered.map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={action}
          onChange={(value) => setAction(value as ChangeBinderPhaseInput['action'])}
          orientation="vertical"
          fullWidth
          aria-label="What to do"
        />
        {action === 'advance' && !binder.advance_request?.acknowledged_at ? (
          <Alert color="yellow" title="Two signatures are still missing">
            {binder.advance_request
              ? `${binder.trainee_name} has not acknowledged the trainer’s recommendation yet.`
              : `A trainer of ${binder.trainee_name} recommends advancing first (on this page), and the trainee acknowledges it.`}
          </Alert>
        ) : null}
        {action === 'advance' && binder.advance_request?.acknowledged_at ? (
          <Text fz="sm">
            Recommended by {binder.advance_request.recommended_by_name}: “{binder.advance_request.reason}”. Acknowledged by{' '}
            {binder.trainee_name}
            {binder.advance_request.comment ? `: “${binder.advance_request.comment}”` : ''}.
          </Text>
        ) : null}
        {action === 'advance' && !binder.advancement.met ? (
          <Alert color="yellow" title="The phase standard is not met yet">
            {binder.advancement.holding_back.length} categories hold the trainee back. You may still advance with a reason.
          </Alert>
        ) : null}
        <Textarea label="Reason" required autosize minRows={3} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={change.isPending}
            disabled={action === 'advance' && !binder.advance_request?.acknowledged_at}
          >
            Sign: {ACTION_LABELS[action].toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BinderBody({ binder }: { binder: BinderDetail }) {
  const dates = useAgencyDates();
  const [course, setCourse] = useState(false);
  const [editingTrainers, setEditingTrainers] = useState(false);
  const phaseName = (key: string | null) => binder.program.phases.find((p) => p.key === key)?.name ?? key ?? '';
  const open = ['active', 'extended', 'remedial'].includes(binder.status);
  return (
    <Stack gap="md">
      <WaitingDors binderId={binder.id} />
      <Group gap="xs" wrap="wrap">
        <BinderStatusBadge status={binder.status} />
        <Text fz="sm">
          {binder.program_name} · started {calendarDate(binder.start_date)} · {binder.phase_name} since{' '}
          {calendarDate(binder.phase_started_on)}
        </Text>
      </Group>
      {binder.status_reason ? <Text fz="sm">Reason: {binder.status_reason}</Text> : null}
      <Group gap="sm">
        <Button
          renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/dors" params={{ binder_id: binder.id }} />}
          variant="default"
        >
          All DORs ({binder.dor_counts.approved} approved)
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/tasksheets" params={{ binder_id: binder.id }} />}
          variant="default"
        >
          Tasksheets
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/policies" params={{ binder_id: binder.id }} />}
          variant="default"
        >
          Policies
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/reference" params={{ binder_id: binder.id }} />}
          variant="default"
        >
          Reference
        </Button>
        {binder.can.write_dor ? (
          <Button renderRoot={(props) => <Link {...props} to="/fto/binder/$binder_id/dors/create" params={{ binder_id: binder.id }} />}>
            Write a DOR
          </Button>
        ) : null}
        {binder.can.manage && open ? (
          <Button variant="light" onClick={() => setCourse(true)}>
            Change the course of training
          </Button>
        ) : null}
        {binder.can.manage && open ? (
          <Button variant="light" onClick={() => setEditingTrainers(true)}>
            Change trainers
          </Button>
        ) : null}
      </Group>
      {binder.can.manage && course ? <CourseDialog binder={binder} opened={course} onClose={() => setCourse(false)} /> : null}
      {binder.can.manage && editingTrainers ? <BinderTrainersDialog binder={binder} onClose={() => setEditingTrainers(false)} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Phase standard">
          <Text fz="sm" fw={600} c={binder.advancement.met ? 'green.8' : undefined}>
            {binder.advancement.met
              ? `Met: ${binder.advancement.holding} of ${binder.advancement.needed} categories hold on the last ${binder.advancement.dors_considered} approved DORs.`
              : binder.advancement.dors_considered === 0
                ? 'No approved DOR in this phase yet.'
                : `Not met yet: ${binder.advancement.holding} of ${binder.advancement.needed} categories hold on the last ${binder.advancement.dors_considered} approved DORs.`}
          </Text>
          {binder.advancement.holding_back.length ? (
            <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
              {binder.advancement.holding_back.slice(0, 10).map((c) => (
                <Text component="li" fz="sm" key={c.key}>
                  {c.label}: {c.reason}
                </Text>
              ))}
              {binder.advancement.holding_back.length > 10 ? (
                <Text fz="sm">and {binder.advancement.holding_back.length - 10} more</Text>
              ) : null}
            </Stack>
          ) : null}
          <AdvancementPanel binder={binder} />
          <Text fz="sm" c="dimmed">
            Remedial training so far: {binder.remedial_minutes} minutes. DORs: {binder.dor_counts.draft} drafts,{' '}
            {binder.dor_counts.completed} waiting for the trainee, {binder.dor_counts.acknowledged} waiting for approval.
          </Text>
        </Section>
        <Section title="Trainers">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {binder.program.phases.map((phase) => (
              <Text component="li" fz="sm" key={phase.key} fw={phase.key === binder.phase_key ? 700 : 400}>
                {phase.name} ({phase.weeks} weeks):{' '}
                {binder.trainers
                  .filter((t) => t.phase_key === phase.key)
                  .map((t) => t.trainer_name)
                  .join(', ') || 'not assigned'}
              </Text>
            ))}
          </Stack>
        </Section>
      </SimpleGrid>
      <Section title="Trend">
        <TrendChart binder={binder} />
      </Section>
      <Section title="Summaries">
        <SummariesPanel binder={binder} />
      </Section>
      <Section title="Latest ratings">
        <TableScroll minWidth={320}>
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th>Latest</Table.Th>
                <Table.Th>On</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {binder.program.category_groups.flatMap((group) =>
                group.categories.map((category) => (
                  <Table.Tr key={category.key}>
                    <Table.Td>
                      <Text fz="sm">{category.label}</Text>
                      <Text fz="xs" c="dimmed">
                        {group.label}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RatingChip rating={binder.latest[category.key]?.rating} label={category.label} />
                    </Table.Td>
                    <Table.Td fz="sm">{calendarDate(binder.latest[category.key]?.shift_date)}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Section>
      <Section title="History">
        <Timeline bulletSize={14} lineWidth={2}>
          {binder.events.map((event, i) => (
            <Timeline.Item
              key={i}
              title={
                event.action === 'start'
                  ? `Started in ${phaseName(event.to_phase)}`
                  : event.action === 'recommend_advance'
                    ? `Recommended for ${phaseName(event.to_phase)}`
                    : event.action === 'acknowledge_advance'
                      ? 'Recommendation acknowledged by the trainee'
                      : ACTION_LABELS[event.action]
              }
            >
              <Text fz="sm">
                {dates.dateTime(event.at)} by {event.by_name}
                {event.action === 'advance' ? `: ${phaseName(event.from_phase)} to ${phaseName(event.to_phase)}` : ''}
              </Text>
              {event.reason ? <Text fz="sm">{event.reason}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
    </Stack>
  );
}

/**
 * /fto/binder/{id} and, for the coordinator, /fto/admin/binder/{id}: a trainee's progress (phase standard,
 * trend per category, latest ratings, history) and what the viewer may do with it.
 */
export function BinderScreen() {
  const { binder_id: id = '' } = useParams({ strict: false });
  const inOffice = useLocation().pathname.startsWith('/fto/admin');
  const binder = useBinder(id);
  const title = binder.data ? `Binder: ${binder.data.trainee_name}` : 'Binder';
  const body = binder.isPending ? (
    <LoadingState label="Loading the binder…" />
  ) : binder.isError ? (
    <ErrorState message={errorMessage(binder.error)} onRetry={() => void binder.refetch()} />
  ) : (
    <BinderBody binder={binder.data} />
  );
  return inOffice ? (
    <FtoAdminPage
      title={title}
      breadcrumbs={[
        { label: 'Field training office', to: '/fto/admin' },
        { label: 'Binders', to: '/fto/admin/binder/list' },
      ]}
    >
      {body}
    </FtoAdminPage>
  ) : (
    <FtoPage title={title} breadcrumbs={[{ label: 'Field training', to: '/fto' }]}>
      {body}
      <Anchor renderRoot={(props) => <Link {...props} to="/fto" />} fz="sm">
        Back to field training
      </Anchor>
    </FtoPage>
  );
}
