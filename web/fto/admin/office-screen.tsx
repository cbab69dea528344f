import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { SHIFT_LABELS } from '../../../core/contracts/fto.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useFtoHome, usePolicyCompliance, usePrograms, useRemindPolicy } from '../fto-calls.ts';
import { calendarDate, FtoAdminPage } from '../fto-ui.tsx';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `office-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /fto/admin: the program's state for the coordinator: trainees by phase, DORs to approve and overdue, failing categories, programs. */
export function FtoOfficeScreen() {
  const home = useFtoHome();
  const programs = usePrograms();
  return (
    <FtoAdminPage
      title="Field training office"
      description="Where the program stands, what waits for your approval, and the programs you run."
    >
      {home.isPending ? (
        <LoadingState label="Loading the program’s state…" />
      ) : home.isError ? (
        <ErrorState message={errorMessage(home.error)} onRetry={() => void home.refetch()} />
      ) : !home.data.program ? (
        <ErrorState
          title="For the field training coordinator"
          message="The field training office needs the Field training administrator permission."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Panel title="Trainees by phase">
            {home.data.program.active_by_phase.length === 0 ? (
              <Text fz="sm">No trainee is in training. Open a binder to start one.</Text>
            ) : (
              home.data.program.active_by_phase.map((p) => (
                <Group key={p.phase_name} justify="space-between">
                  <Text fz="sm">{p.phase_name}</Text>
                  <Text fz="sm" fw={700}>
                    {p.count}
                  </Text>
                </Group>
              ))
            )}
            <Group gap="md" wrap="wrap">
              <Anchor renderRoot={(props) => <Link {...props} to="/fto/admin/binder/list" />} fz="sm" fw={600}>
                All binders
              </Anchor>
              <Anchor renderRoot={(props) => <Link {...props} to="/fto/admin/trainers" />} fz="sm" fw={600}>
                Trainers
              </Anchor>
            </Group>
          </Panel>
          <Panel title={`DORs to approve (${home.data.to_approve.length})`}>
            {home.data.to_approve.length === 0 ? (
              <Text fz="sm">Nothing waits for your approval.</Text>
            ) : (
              home.data.to_approve.map((dor) => (
                <Anchor
                  key={dor.id}
                  fz="sm"
                  renderRoot={(props) => (
                    <Link {...props} to="/fto/binder/$binder_id/dors/view/$dor_id" params={{ binder_id: dor.binder_id, dor_id: dor.id }} />
                  )}
                >
                  DOR #{dor.number} of {dor.trainee_name}: {calendarDate(dor.shift_date)} {SHIFT_LABELS[dor.shift]}, by {dor.trainer_name}
                </Anchor>
              ))
            )}
            <Text fz="sm">{home.data.program.overdue_dors} DORs are overdue (waiting on someone for more than 24 hours).</Text>
          </Panel>
          <Panel title="Categories failing most (last 30 days)">
            {home.data.program.failing_categories.length === 0 ? (
              <Text fz="sm">No category was rated below acceptable on an approved DOR in the last 30 days.</Text>
            ) : (
              home.data.program.failing_categories.map((c) => (
                <Group key={c.key} justify="space-between">
                  <Text fz="sm">{c.label}</Text>
                  <Text fz="sm" fw={700}>
                    {c.count}
                  </Text>
                </Group>
              ))
            )}
          </Panel>
          <PolicyCompliance />
          <Panel title="Programs">
            {programs.isPending ? (
              <LoadingState label="Loading the programs…" />
            ) : programs.isError ? (
              <ErrorState message={errorMessage(programs.error)} onRetry={() => void programs.refetch()} />
            ) : (
              programs.data.map((program) => (
                <Group key={program.id} justify="space-between" wrap="wrap">
                  <Anchor
                    fz="sm"
                    fw={600}
                    renderRoot={(props) => <Link {...props} to="/fto/admin/configure/$program_id" params={{ program_id: program.id }} />}
                  >
                    {program.name}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    version {program.version_number} · {program.active_binders} open binders
                  </Text>
                </Group>
              ))
            )}
          </Panel>
        </SimpleGrid>
      )}
    </FtoAdminPage>
  );
}

/** Policies the trainees of open binders have not acknowledged yet, longest waiting first, with a reminder for each. */
function PolicyCompliance() {
  const outstanding = usePolicyCompliance();
  const remind = useRemindPolicy();
  const dates = useAgencyDates();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Panel title="Policies not acknowledged">
      {outstanding.isPending ? (
        <LoadingState label="Loading the acknowledgements…" />
      ) : outstanding.isError ? (
        <ErrorState message={errorMessage(outstanding.error)} onRetry={() => void outstanding.refetch()} />
      ) : outstanding.data.length === 0 ? (
        <Text fz="sm">Every trainee has acknowledged every policy of their program.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {outstanding.data.map((p) => (
            <Group key={p.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  fz="sm"
                  fw={600}
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/fto/binder/$binder_id/policies/view/$policy_id"
                      params={{ binder_id: p.binder_id, policy_id: p.id }}
                    />
                  )}
                >
                  {p.trainee_name}: {p.title}
                </Anchor>
                <Text fz="xs">
                  Version {p.version} · training for {p.days_open} days
                  {p.reminded_at ? ` · reminded ${dates.dateTime(p.reminded_at)}` : ''}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                loading={remind.isPending && remind.variables === p.id}
                aria-label={`Remind ${p.trainee_name} about ${p.title}`}
                onClick={() => {
                  setProblem(null);
                  remind.mutate(p.id, { onError: (error) => setProblem(errorMessage(error)) });
                }}
              >
                Remind
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <FormErrorAlert message={problem} />
    </Panel>
  );
}
