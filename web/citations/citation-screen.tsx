import { Alert, Anchor, Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { CITATION_KIND_LABELS, type Citation } from '../../core/contracts/citations.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { FormErrorAlert, ErrorState, LoadingState } from '../ui/states.tsx';
import { AmendForm } from './amend-form.tsx';
import { Lines, personLines, vehicleLines, ViolationsTable } from './citation-view.tsx';
import { useAmendCitation, useCitation, useCitationsSetup, useRequestVoid, useStatutes, useVoidCitation } from './citations-calls.ts';
import { calendarDate, CitationKindBadge, CitationsPage, CitationStatusBadge, localStamp } from './citations-ui.tsx';
import { money } from './stop-model.ts';

const EVENT_LABELS: Record<string, string> = {
  issued: 'Issued',
  amended: 'Amended',
  filed: 'Filed with court',
  void_requested: 'Void asked for',
  voided: 'Voided',
};

/** A reason asked for before a void (or a request for one). */
function ReasonDialog(props: {
  opened: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!reason.trim()) {
      setError('Say why.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(reason.trim());
      setReason('');
      props.onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Textarea
          label={props.label}
          required
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CitationDetails({ citation }: { citation: Citation }) {
  const dates = useAgencyDates();
  const { content } = citation;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              Stop
            </Text>
            <Text fz="sm" fw={600}>
              {localStamp(content.occurred_at)}
            </Text>
            <Text fz="sm">{content.location}</Text>
            <Text fz="sm">Officer {citation.officer_name}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              Person
            </Text>
            <Lines lines={personLines(content.person)} />
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              Vehicle
            </Text>
            <Lines lines={vehicleLines(content.vehicle)} />
          </Stack>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="citation-violations">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="citation-violations">
            Violations
          </Title>
          <ViolationsTable violations={content.violations} />
          {citation.kind !== 'warning' ? (
            <Text fz="sm">
              Total {money(citation.total_fine_cents)}
              {citation.court
                ? ` · ${citation.court.name}, ${calendarDate(citation.appearance_date)} at ${citation.court.session_time}`
                : ''}
            </Text>
          ) : null}
          {content.officer_notes ? (
            <Stack gap={2}>
              <Text fz="sm" fw={600}>
                Officer-only notes (never on the violator’s copy)
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                {content.officer_notes}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="citation-history">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="citation-history">
            History
          </Title>
          {citation.revisions.length === 0 ? (
            <Text fz="sm">Not issued yet.</Text>
          ) : (
            <List size="sm" spacing={6}>
              {citation.revisions.map((revision) => (
                <List.Item key={`${revision.revision}-${revision.event}-${revision.at}`}>
                  <Text span fz="sm" fw={600}>
                    {EVENT_LABELS[revision.event] ?? revision.event}
                  </Text>{' '}
                  by {revision.by_name}, {dates.dateTime(revision.at)} (revision {revision.revision})
                  {revision.reason ? `: ${revision.reason}` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Card>
      {citation.siblings.length > 0 ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="citation-siblings">
          <Stack gap="xs">
            <Title order={2} fz="lg" id="citation-siblings">
              From the same stop
            </Title>
            {citation.siblings.map((sibling) => (
              <Group key={sibling.id} gap="xs">
                {sibling.status === 'draft' || sibling.status === 'validated' ? (
                  <Anchor
                    className="precinct-tap"
                    renderRoot={(props) => <Link {...props} to="/citations/stops/$stop_id" params={{ stop_id: citation.stop_id }} />}
                  >
                    {CITATION_KIND_LABELS[sibling.kind]} (draft)
                  </Anchor>
                ) : (
                  <Anchor
                    className="precinct-tap"
                    renderRoot={(props) => <Link {...props} to="/citations/$citation_id" params={{ citation_id: sibling.id }} />}
                  >
                    {sibling.number ?? CITATION_KIND_LABELS[sibling.kind]}
                  </Anchor>
                )}
                <CitationKindBadge kind={sibling.kind} />
                <CitationStatusBadge status={sibling.status} />
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

/** /citations/{id}: a citation as issued, its copies to print, its history, and the amend and void actions its `can` allows. */
/** Opens one of the citation's printed copies in a new tab (the violator's is the main action). */
function PrintCopyButton({ id, copy }: { id: string; copy: 'violator' | 'court' }) {
  return (
    <Button
      variant={copy === 'violator' ? 'filled' : 'default'}
      leftSection={<IconPrinter size={18} aria-hidden />}
      renderRoot={(props) => (
        <Link {...props} to="/citations/$citation_id/print" params={{ citation_id: id }} search={{ copy }} target="_blank" />
      )}
    >
      {copy === 'violator' ? 'Violator copy' : 'Court copy'}
    </Button>
  );
}

export function CitationScreen() {
  const { citation_id: id = '' } = useParams({ strict: false });
  const citation = useCitation(id);
  const setup = useCitationsSetup();
  const statutes = useStatutes();
  const amend = useAmendCitation();
  const requestVoid = useRequestVoid();
  const voidCitation = useVoidCitation();
  const [dialog, setDialog] = useState<'void' | 'request' | null>(null);
  const [amending, setAmending] = useState(false);
  const data = citation.data;
  const title = data ? `${CITATION_KIND_LABELS[data.kind]} ${data.number ?? '(draft)'}` : 'Citation';
  const numbered = data && data.number !== null && data.status !== 'draft' && data.status !== 'validated';
  return (
    <CitationsPage
      title={title}
      description={data ? `${data.violator_name || data.plate || 'No one named'} · ${localStamp(data.occurred_at)}` : undefined}
      breadcrumbs={[{ label: 'Citations', to: '/citations' }]}
      actions={
        numbered ? (
          <>
            <PrintCopyButton id={id} copy="violator" />
            <PrintCopyButton id={id} copy="court" />
          </>
        ) : undefined
      }
    >
      {citation.isPending ? (
        <LoadingState label="Loading the citation…" />
      ) : citation.isError ? (
        <ErrorState message={errorMessage(citation.error)} onRetry={() => void citation.refetch()} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <CitationStatusBadge status={citation.data.status} />
            <CitationKindBadge kind={citation.data.kind} />
            {citation.data.amended > 0 ? <Text fz="sm">Amended {citation.data.amended}×</Text> : null}
          </Group>
          {citation.data.status === 'draft' || citation.data.status === 'validated' ? (
            <Alert color="blue" title="Not issued yet">
              It is written on its stop’s form.{' '}
              <Anchor
                renderRoot={(props) => <Link {...props} to="/citations/stops/$stop_id" params={{ stop_id: citation.data.stop_id }} />}
              >
                Open the stop
              </Anchor>
            </Alert>
          ) : null}
          {citation.data.status === 'void' ? (
            <Alert color="red" title="Void">
              {citation.data.void_reason ?? 'Voided by a supervisor.'} The number is never given again.
            </Alert>
          ) : null}
          {citation.data.void_request && citation.data.status !== 'void' ? (
            <Alert color="orange" title={`Void asked for by ${citation.data.void_request.by_name}`}>
              {citation.data.void_request.reason}
            </Alert>
          ) : null}
          {citation.data.can.amend || citation.data.can.void || citation.data.can.request_void ? (
            <Group gap="sm">
              {citation.data.can.amend ? (
                <Button variant="default" onClick={() => setAmending(true)} disabled={amending}>
                  Amend
                </Button>
              ) : null}
              {citation.data.can.request_void ? (
                <Button variant="default" color="red" onClick={() => setDialog('request')}>
                  Ask for a void
                </Button>
              ) : null}
              {citation.data.can.void ? (
                <Button color="red" onClick={() => setDialog('void')}>
                  Void
                </Button>
              ) : null}
            </Group>
          ) : null}
          {amending ? (
            setup.data && statutes.data ? (
              <AmendForm
                citation={citation.data}
                setup={setup.data}
                statutes={statutes.data}
                onCancel={() => setAmending(false)}
                onAmend={async (input) => {
                  await amend.mutateAsync({ id, input, version: citation.data.version });
                  setAmending(false);
                  notifications.show({ color: 'green', title: 'Amended', message: 'The earlier revision is kept in the history.' });
                }}
              />
            ) : setup.isError || statutes.isError ? (
              <ErrorState message={errorMessage(setup.error ?? statutes.error)} />
            ) : (
              <LoadingState label="Loading the statute library…" />
            )
          ) : null}
          <CitationDetails citation={citation.data} />
          <ReasonDialog
            opened={dialog === 'void'}
            title={`Void ${citation.data.number ?? 'this citation'}`}
            label="Why it is void (kept with the citation)"
            confirmLabel="Void the citation"
            onClose={() => setDialog(null)}
            onConfirm={async (reason) => {
              await voidCitation.mutateAsync({ id, reason, version: citation.data.version });
              notifications.show({ color: 'green', title: 'Voided', message: `${citation.data.number ?? 'The citation'} is void.` });
            }}
          />
          <ReasonDialog
            opened={dialog === 'request'}
            title={`Ask for ${citation.data.number ?? 'this citation'} to be voided`}
            label="Why it should be void (a supervisor decides)"
            confirmLabel="Ask for the void"
            onClose={() => setDialog(null)}
            onConfirm={async (reason) => {
              await requestVoid.mutateAsync({ id, reason, version: citation.data.version });
              notifications.show({ color: 'blue', title: 'Asked', message: 'A supervisor is told and decides.' });
            }}
          />
        </Stack>
      )}
    </CitationsPage>
  );
}
