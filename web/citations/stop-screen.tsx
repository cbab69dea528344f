import { Alert, Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { CITATION_KIND_LABELS, type CitationSummary, type Stop, type StopContent } from '../../core/contracts/citations.ts';
import { errorMessage } from '../lib/api-error.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import {
  keepWaitingStop,
  useCitationsSetup,
  useDiscardStop,
  useIssueStop,
  useSaveStop,
  useStatutes,
  useStop,
  useValidateStop,
  useWaitingStop,
  type WaitingStop,
} from './citations-calls.ts';
import { CitationKindBadge, CitationsPage, CitationStatusBadge } from './citations-ui.tsx';
import { StopForm } from './stop-form.tsx';

/** What the stop has issued: each with its page and its violator's copy to print. */
function IssuedCard({ issued, justIssued }: { issued: CitationSummary[]; justIssued: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="stop-issued">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="stop-issued">
          {justIssued ? 'Issued: print the violator’s copies' : 'Issued from this stop'}
        </Title>
        {issued.map((citation) => (
          <Group key={citation.id} justify="space-between" wrap="wrap" gap="xs" data-testid="issued-citation">
            <Group gap="xs" wrap="wrap">
              <Anchor
                renderRoot={(props) => <Link {...props} to="/citations/$citation_id" params={{ citation_id: citation.id }} />}
                fw={650}
                className="precinct-tap"
              >
                {citation.number ?? CITATION_KIND_LABELS[citation.kind]}
              </Anchor>
              <CitationKindBadge kind={citation.kind} />
              <CitationStatusBadge status={citation.status} />
            </Group>
            <Button
              size="md"
              variant={justIssued ? 'filled' : 'default'}
              leftSection={<IconPrinter size={18} aria-hidden />}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/citations/$citation_id/print"
                  params={{ citation_id: citation.id }}
                  search={{ copy: 'violator' }}
                  target="_blank"
                />
              )}
            >
              Print violator copy
              <VisuallyHidden> of {citation.number ?? CITATION_KIND_LABELS[citation.kind]}</VisuallyHidden>
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function useStopSetup() {
  const setup = useCitationsSetup();
  const statutes = useStatutes();
  const problem = setup.error ?? statutes.error;
  return {
    setup: setup.data,
    statutes: statutes.data,
    pending: setup.isPending || statutes.isPending,
    error: problem ? errorMessage(problem) : null,
    retry: () => {
      void setup.refetch();
      void statutes.refetch();
    },
  };
}

/** A stop started without a connection: written on the device, its outbox item replaced at each save. */
function WaitingStopForm({ id, waiting }: { id: string; waiting: WaitingStop }) {
  const data = useStopSetup();
  const navigate = useNavigate();
  if (data.pending) return <LoadingState label="Loading the statute library…" />;
  if (data.error || !data.setup || !data.statutes)
    return <ErrorState message={data.error ?? 'Not kept on this device'} onRetry={data.retry} />;
  return (
    <Stack gap="md">
      {waiting.item.state === 'rejected' ? (
        <RefusedItemAlert item={waiting.item} onDiscarded={() => void navigate({ to: '/citations' })} />
      ) : (
        <Alert color="blue" title="Not on the server yet">
          This stop was started without a connection. It is kept on this device with what you type and reaches the server when Precinct
          does; issuing needs the connection.
        </Alert>
      )}
      <StopForm
        key={waiting.item.state}
        stop={{ ...waiting.input, version: 1 }}
        setup={data.setup}
        statutes={data.statutes}
        initialErrors={waiting.item.fields}
        actions={{
          onSave: async (content) => {
            await keepWaitingStop(id, { ...content, id });
            return { version: 1 };
          },
          onValidate: null,
          onIssue: null,
        }}
      />
    </Stack>
  );
}

/** /citations/stops/{id}: the stop form while it has drafts, the citations it issued with their copies to print. */
export function StopScreen() {
  const { stop_id: id = '' } = useParams({ strict: false });
  const stop = useStop(id);
  const waiting = useWaitingStop(id);
  const data = useStopSetup();
  const save = useSaveStop();
  const validate = useValidateStop();
  const issue = useIssueStop();
  const discard = useDiscardStop();
  const navigate = useNavigate();
  const [issuedNow, setIssuedNow] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const onIssue = async (content: StopContent, version: number): Promise<Stop> => {
    const before = stop.data?.issued.length ?? 0;
    const done = await issue.mutateAsync({ id, content, version });
    setIssuedNow(done.issued.length - before);
    notifications.show({
      color: 'green',
      title: 'Issued',
      message: `${done.issued.length - before} numbered: ${done.issued
        .slice(before)
        .map((c) => c.number)
        .join(', ')}`,
    });
    window.scrollTo({ top: 0 });
    return done;
  };
  const title = stop.data?.person.last_name ? `Stop: ${stop.data.person.last_name}` : 'Stop';
  return (
    <CitationsPage
      title={title}
      description={stop.data ? `Written by ${stop.data.officer_name}` : undefined}
      breadcrumbs={[{ label: 'Citations', to: '/citations' }]}
      actions={
        stop.data?.can_edit && stop.data.issued.length === 0 ? (
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Discard this stop
          </Button>
        ) : undefined
      }
    >
      {!stop.data && waiting ? (
        <WaitingStopForm id={id} waiting={waiting} />
      ) : stop.isPending || data.pending ? (
        <LoadingState label="Loading the stop…" />
      ) : stop.isError ? (
        <ErrorState message={errorMessage(stop.error)} onRetry={() => void stop.refetch()} />
      ) : data.error || !data.setup || !data.statutes ? (
        <ErrorState message={data.error ?? 'The statute library could not be loaded'} onRetry={data.retry} />
      ) : (
        <Stack gap="md">
          {stop.data.issued.length > 0 ? <IssuedCard issued={stop.data.issued} justIssued={issuedNow > 0} /> : null}
          {stop.data.can_edit ? (
            <>
              {stop.data.issued.length > 0 ? (
                <Text fz="sm">
                  Add another citation or warning to this stop below: the person and the vehicle are kept. An issued citation is changed by
                  amending it from its own page.
                </Text>
              ) : null}
              <StopForm
                key={`${stop.data.id}-${stop.data.issued.length}`}
                stop={stop.data}
                setup={data.setup}
                statutes={data.statutes}
                ready={stop.data.ready}
                actions={{
                  onSave: (content, version) => save.mutateAsync({ id, content, version }),
                  onValidate: (content, version) => validate.mutateAsync({ id, content, version }),
                  onIssue,
                  currentVersion: async () => (await stop.refetch()).data?.version ?? null,
                }}
              />
            </>
          ) : stop.data.issued.length === 0 ? (
            <Alert color="gray" title="Nothing to write here">
              This stop is {stop.data.officer_name}’s.
            </Alert>
          ) : null}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Discard this stop?"
        confirmLabel="Discard the stop"
        color="red"
        busy={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
        onConfirm={() => {
          discard
            .mutateAsync({ id, version: stop.data?.version ?? 1 })
            .then(() => navigate({ to: '/citations' }))
            .catch(() => undefined);
        }}
      >
        Its drafts have no numbers yet; they go with it.
      </ConfirmDialog>
    </CitationsPage>
  );
}
