import { Alert, Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { SHIFT_LABELS, type Dor } from '../../core/contracts/fto.ts';
import { errorMessage } from '../lib/api-error.ts';
import { isStaleVersion } from '../lib/api.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { StaleVersionAlert } from '../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { DorForm } from './dor-form.tsx';
import { DorView } from './dor-view.tsx';
import { useAcknowledgeDor, useAmendDor, useApproveDor, useCompleteDor, useDor, useSaveDor } from './fto-calls.ts';
import { calendarDate, DorStatusBadge, FtoPage } from './fto-ui.tsx';

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
            <Table.ScrollContainer minWidth={320}>
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
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * /fto/binder/{binder}/dors/view/{dor}: the trainer's draft as a form (autosaved), otherwise the DOR with
 * its signatures and amendments, and the next signature when it is the viewer's to give.
 */
export function DorScreen() {
  const { binder_id: binderId = '', dor_id: id = '' } = useParams({ strict: false });
  const dor = useDor(id);
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
          : undefined
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
      {dor.isPending ? (
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
