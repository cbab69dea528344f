import { Alert, Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { emptyDorContent, SHIFT_LABELS, type BinderDetail, type Dor } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { isStaleVersion } from '../lib/api.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { DorForm } from './dor-form.tsx';
import { DorView } from './dor-view.tsx';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { useAuthState } from '../lib/session/session.ts';
import {
  keepWaitingDor,
  useAcknowledgeDor,
  useAmendDor,
  useApproveDor,
  useBinder,
  useCompleteDor,
  useDor,
  useSaveDor,
  useWaitingDor,
  type WaitingDor,
} from './fto-calls.ts';
import { calendarDate, DorStatusBadge, FtoPage } from './fto-ui.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';

/** The next signature the DOR waits for, when it is the viewer's: acknowledge (trainee) or approve (supervisor). */
function SignCard({ dor, onReload }: { dor: Dor; onReload: () => void }) {
  const acknowledge = useAcknowledgeDor();
  const approve = useApproveDor();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  if (!dor.can.acknowledge && !dor.can.approve) return null;
  const sign = async () => {
    setError(null);
    try {
      if (dor.can.acknowledge) await acknowledge.mutateAsync({ id: dor.id, comment, version: dor.version });
      else await approve.mutateAsync({ id: dor.id, version: dor.version });
      notifications.show({
        color: 'green',
        title: dor.can.acknowledge ? 'Acknowledged' : 'Approved',
        message: dor.can.acknowledge ? `You acknowledged DOR #${dor.number}.` : `DOR #${dor.number} is approved and locked.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sign-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="sign-heading">
          {dor.can.acknowledge ? 'Acknowledge this DOR' : 'Approve this DOR'}
        </Title>
        <Text fz="sm">
          {dor.can.acknowledge
            ? 'Acknowledging says you have read it with your trainer, not that you agree. You may add a comment.'
            : 'Approving locks the DOR: after that it changes only by an amendment with a reason.'}
        </Text>
        {stale ? (
          <StaleVersionAlert
            what="DOR"
            onReload={() => {
              setStale(false);
              onReload();
            }}
          />
        ) : null}
        {dor.can.acknowledge ? (
          <Textarea
            label="Your comment (optional)"
            autosize
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        ) : null}
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button onClick={() => void sign()} loading={acknowledge.isPending || approve.isPending}>
            {dor.can.acknowledge ? 'Acknowledge' : 'Approve and lock'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Revisions({ dor }: { dor: Dor }) {
  const dates = useAgencyDates();
  if (dor.revisions.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="revisions-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="revisions-heading">
          Amendments
        </Title>
        {dor.revisions.map((revision) => (
          <Stack key={revision.revision} gap={4}>
            <Text fz="sm" fw={600}>
              Revision {revision.revision} amended by {revision.amended_by_name}, {dates.dateTime(revision.amended_at)}: {revision.reason}
            </Text>
            <TableScroll minWidth={320}>
              <Table fz="sm" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th>Before</Table.Th>
                    <Table.Th>After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {revision.changes.map((change) => (
                    <Table.Tr key={change.field}>
                      <Table.Td>{change.field}</Table.Td>
                      <Table.Td>
                        <del>{change.before || '—'}</del>
                      </Table.Td>
                      <Table.Td>
                        <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{change.after || '—'}</ins>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** The DOR as its form shows it while it waits in the outbox: from the binder the device kept and what was written. */
function waitingDor(binder: BinderDetail, waiting: WaitingDor, trainer: { id: string; name: string }): Dor {
  const { input, item } = waiting;
  const content = input.content ?? emptyDorContent(input.shift_date, input.shift);
  return {
    id: input.id ?? item.id,
    binder_id: binder.id,
    number: 0,
    trainee_id: binder.trainee_id,
    trainee_name: binder.trainee_name,
    trainer_id: trainer.id,
    trainer_name: trainer.name,
    phase_key: binder.phase_key,
    phase_name: binder.phase_name,
    shift_date: input.shift_date,
    shift: input.shift,
    status: 'draft',
    failing: 0,
    remedial_minutes: 0,
    revision: 1,
    updated_at: item.created_at,
    content,
    trainee_comment: null,
    completed_at: null,
    acknowledged_at: null,
    approved_at: null,
    approved_by_name: null,
    revisions: [],
    category_groups: binder.program.category_groups,
    can: { edit: true, acknowledge: false, approve: false, amend: false },
    // A DOR starts at version 1 on the server: what is kept on the device is offered back once it is there.
    version: 1,
  };
}

/**
 * A DOR started without a connection, written while it waits in the outbox: each save and the
 * completion replace its item there, and the server has it once the outbox sends it. A refusal (the
 * server's messages beside the fields) is fixed here and sent again, or discarded.
 */
function WaitingDorForm({ binderId, dorId, waiting }: { binderId: string; dorId: string; waiting: WaitingDor }) {
  const binder = useBinder(binderId);
  const { session } = useAuthState();
  const navigate = useNavigate();
  const toBinder = () => navigate({ to: '/fto/binder/$binder_id', params: { binder_id: binderId } });
  if (binder.isPending) return <LoadingState label="Loading the binder…" />;
  if (binder.isError) return <ErrorState message={errorMessage(binder.error)} onRetry={() => void binder.refetch()} />;
  const local = waitingDor(binder.data, waiting, { id: session?.user.id ?? '', name: session?.user.name ?? '' });
  const refused = waiting.item.state === 'rejected';
  return (
    <Stack gap="md">
      {refused ? (
        <RefusedItemAlert item={waiting.item} onDiscarded={() => void toBinder()} />
      ) : (
        <Alert color="blue" title="Not on the server yet">
          This DOR was started without a connection. It waits in the outbox with what you write, and reaches the server when Precinct does;{' '}
          {binder.data.trainee_name} is asked to acknowledge it once you complete it.
        </Alert>
      )}
      <DorForm
        key={waiting.item.state}
        dor={local}
        waiting={{ fields: waiting.item.fields }}
        onSave={async (content) => {
          await keepWaitingDor(dorId, { ...waiting.input, content });
          return local;
        }}
        onComplete={async (content) => {
          await keepWaitingDor(dorId, { ...waiting.input, content, complete: true });
          notifications.show({
            color: 'blue',
            title: 'Completed on this device',
            message: `The DOR waits in the outbox and is sent, completed, when Precinct reaches the server; then ${binder.data.trainee_name} is asked to acknowledge it.`,
          });
          await toBinder();
          return local;
        }}
      />
    </Stack>
  );
}

/**
 * /fto/binder/{binder}/dors/view/{dor}: the trainer's draft as a form (autosaved), otherwise the DOR with
 * its signatures and amendments, and the next signature when it is the viewer's to give.
 */
export function DorScreen() {
  const { binder_id: binderId = '', dor_id: id = '' } = useParams({ strict: false });
  const dor = useDor(id);
  const waiting = useWaitingDor(id);
  const save = useSaveDor();
  const complete = useCompleteDor();
  const amend = useAmendDor();
  const [amending, setAmending] = useState(false);
  const title = dor.data ? `DOR #${dor.data.number}: ${dor.data.trainee_name}` : 'Daily observation report';
  return (
    <FtoPage
      title={title}
      description={
        dor.data
          ? `${calendarDate(dor.data.shift_date)}, ${SHIFT_LABELS[dor.data.shift].toLowerCase()} shift · ${dor.data.phase_name} · written by ${dor.data.trainer_name}`
          : (waiting?.item.summary ?? undefined)
      }
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: dor.data ? `Binder: ${dor.data.trainee_name}` : 'Binder', to: `/fto/binder/${binderId}` },
        { label: 'DORs', to: `/fto/binder/${binderId}/dors` },
      ]}
      actions={
        dor.data && dor.data.status !== 'draft' ? (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link
                {...props}
                to="/fto/binder/$binder_id/dors/print/$dor_id"
                params={{ binder_id: binderId, dor_id: id }}
                target="_blank"
              />
            )}
          >
            Print
          </Button>
        ) : undefined
      }
    >
      {!dor.data && waiting ? (
        <WaitingDorForm binderId={binderId} dorId={id} waiting={waiting} />
      ) : dor.isPending ? (
        <LoadingState label="Loading the DOR…" />
      ) : dor.isError ? (
        <ErrorState message={errorMessage(dor.error)} onRetry={() => void dor.refetch()} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <DorStatusBadge status={dor.data.status} />
            {dor.data.revision > 1 ? <Text fz="sm">Revision {dor.data.revision}</Text> : null}
          </Group>
          {dor.data.can.edit ? (
            <DorForm
              dor={dor.data}
              onSave={(content, version) => save.mutateAsync({ id, content, version })}
              onComplete={async (content, version) => {
                const done = await complete.mutateAsync({ id, content, version });
                notifications.show({ color: 'green', title: 'DOR completed', message: `${done.trainee_name} is asked to acknowledge it.` });
                return done;
              }}
            />
          ) : amending ? (
            <DorForm
              dor={dor.data}
              amend={{ onCancel: () => setAmending(false) }}
              onComplete={async (content, version, reason) => {
                const done = await amend.mutateAsync({ id, content, reason, version });
                setAmending(false);
                notifications.show({
                  color: 'green',
                  title: 'DOR amended',
                  message: `Revision ${done.revision} is saved; the earlier one is kept.`,
                });
                return done;
              }}
            />
          ) : (
            <>
              {dor.data.status === 'draft' ? (
                <Alert color="gray" title="Still a draft">
                  {dor.data.trainer_name} has not completed this DOR yet.
                </Alert>
              ) : null}
              <SignCard dor={dor.data} onReload={() => void dor.refetch()} />
              <DorView dor={dor.data} />
              {dor.data.can.amend ? (
                <Group>
                  <Button variant="default" onClick={() => setAmending(true)}>
                    Amend this DOR
                  </Button>
                </Group>
              ) : null}
              <Revisions dor={dor.data} />
            </>
          )}
        </Stack>
      )}
    </FtoPage>
  );
}
