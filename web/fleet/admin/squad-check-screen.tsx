import { Alert, Anchor, Badge, Box, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTool } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { Answer, SquadCheckDetail, TemplateItem } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { StoredSignature } from '../photo-field.tsx';
import { StoredPhoto } from '../../ui/stored-photo.tsx';
import { RequestStatusBadge, SubmissionStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { isStaleVersion } from '../../lib/api.ts';
import { useSquadCheck } from './get-squad-check.ts';
import { useReviewSquadCheck, type ReviewDecision } from './review-squad-check.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

/** How an answer reads on screen. */
export function answerText(item: Pick<TemplateItem, 'kind' | 'unit'>, answer: Answer | undefined): string {
  if (!answer || answer.value === null || answer.value === '') return answer?.na_reason ? 'N/A' : 'No answer';
  if (item.kind === 'pass_fail')
    return answer.value === 'pass' ? 'Pass' : answer.value === 'fail' ? 'Fail' : answer.value === 'na' ? 'N/A' : String(answer.value);
  if (item.kind === 'number') return `${answer.value}${item.unit ? ` ${item.unit}` : ''}`;
  if (item.kind === 'photo') return 'Photo attached';
  if (item.kind === 'signature') return 'Signed';
  return String(answer.value);
}

function ReviewCard({ check, onReload, reloading }: { check: SquadCheckDetail; onReload: () => Promise<unknown>; reloading: boolean }) {
  const review = useReviewSquadCheck();
  const dates = useAgencyDates();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const decide = async (decision: ReviewDecision) => {
    setError(null);
    if (decision === 'return' && note.trim() === '') return setError('Say what the officer should fix before returning it.');
    try {
      await review.mutateAsync({ id: check.id, decision, note, version: check.version });
      setNote('');
      await onReload();
      notifications.show({
        color: 'green',
        title: decision === 'approve' ? 'Approved' : 'Returned',
        message: `The squad check of unit ${check.unit_number} was ${decision === 'approve' ? 'approved' : 'returned to the officer'}.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="review-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="review-heading">
            Review
          </Title>
          <SubmissionStatusBadge status={check.status} />
        </Group>
        {check.reviewed_at ? (
          <Text fz="sm">
            Reviewed {dates.dateTime(check.reviewed_at)}
            {check.review_note ? `: ${check.review_note}` : ''}
          </Text>
        ) : null}
        {stale ? (
          <StaleVersionAlert
            what="squad check"
            reloading={reloading}
            onReload={() => {
              setStale(false);
              void onReload();
            }}
          />
        ) : null}
        <Textarea
          label="Note"
          description="Required to return it; the officer sees it"
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => void decide('return')}
            loading={review.isPending && review.variables?.decision === 'return'}
          >
            Return to officer
          </Button>
          <Button onClick={() => void decide('approve')} loading={review.isPending && review.variables?.decision === 'approve'}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The out-of-service request the check's critical failure opened, with where it stands. */
function OpenedRequestNote({ request }: { request: NonNullable<SquadCheckDetail['opened_service_request']> }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconTool aria-hidden />}
      title={`Service request #${request.number} was opened for the critical failure`}
    >
      <Group gap="xs" wrap="wrap">
        <RequestStatusBadge status={request.status} />
        <Anchor
          renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" search={{ request: request.id }} />}
          fz="sm"
          fw={600}
        >
          Work service request #{request.number}
        </Anchor>
      </Group>
    </Alert>
  );
}

/** /fleet/admin/squadchecks/{id}: every item of the version it was filled against, with the answers; failed ones stand out. */
export function SquadCheckScreen() {
  const { squad_check_submission_id: id = '' } = useParams({ strict: false });
  const check = useSquadCheck(id);
  const dates = useAgencyDates();
  const title = check.data ? `Squad check: unit ${check.data.unit_number}` : 'Squad check';
  return (
    <FleetAdminPage
      title={title}
      description={
        check.data
          ? `${check.data.officer_name}, ${dates.dateTime(check.data.submitted_at)} · ${check.data.template_name} version ${check.data.template_version_number}`
          : undefined
      }
      breadcrumbs={[
        { label: 'Fleet office', to: '/fleet/admin' },
        { label: 'Squad checks', to: '/fleet/admin/squadchecks' },
      ]}
    >
      {check.isPending ? (
        <LoadingState label="Loading the squad check…" />
      ) : check.isError ? (
        <ErrorState message={errorMessage(check.error)} onRetry={() => void check.refetch()} />
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={check.data.failed_items.length > 0 ? 'red' : 'green'} c="var(--mantine-color-text)">
              {check.data.failed_items.length === 0 ? 'No failed items' : `${check.data.failed_items.length} failed`}
            </Badge>
            {check.data.odometer !== null ? <Text fz="sm">Odometer {check.data.odometer.toLocaleString('en-US')} mi</Text> : null}
            {check.data.took_vehicle_out_of_service ? (
              <Text fz="sm" fw={700}>
                A critical failure took the vehicle out of service.
              </Text>
            ) : null}
          </Group>
          {check.data.opened_service_request ? <OpenedRequestNote request={check.data.opened_service_request} /> : null}
          {check.data.sections.map((section) => (
            <Card key={section.id} withBorder radius="md" padding="md" component="section" aria-label={section.title}>
              <Title order={2} fz="lg" mb="sm">
                {section.title}
              </Title>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {section.items.map((item) => {
                  const answer = check.data.answers.find((candidate) => candidate.item_id === item.id);
                  const failed = check.data.failed_items.some((failure) => failure.item_id === item.id);
                  return (
                    <li
                      key={item.id}
                      data-failed={failed || undefined}
                      style={{
                        padding: '6px 10px',
                        borderRadius: 'var(--mantine-radius-sm)',
                        borderLeft: failed ? '4px solid var(--mantine-color-red-filled)' : '4px solid transparent',
                        background: failed ? 'var(--mantine-color-red-light)' : undefined,
                      }}
                    >
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text fz="sm" fw={failed ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                          {item.label}
                          {item.critical ? ' (critical)' : ''}
                        </Text>
                        <Text fz="sm" fw={failed ? 700 : 400}>
                          {failed ? 'Failed: ' : ''}
                          {answerText(item, answer)}
                        </Text>
                      </Group>
                      {answer?.note ? (
                        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          Note: {answer.note}
                        </Text>
                      ) : null}
                      {answer?.na_reason ? <Text fz="sm">N/A because: {answer.na_reason}</Text> : null}
                      {failed && check.data.opened_service_request?.item_ids.includes(item.id) ? (
                        <Text fz="sm">Covered by service request #{check.data.opened_service_request.number}</Text>
                      ) : null}
                      {(item.kind === 'photo' || item.kind === 'signature') &&
                      typeof answer?.value === 'string' &&
                      answer.value !== 'na' &&
                      answer.value !== '' ? (
                        <Box mt={6}>
                          {item.kind === 'signature' ? (
                            <StoredSignature id={answer.value} alt={`Signature: ${item.label}`} />
                          ) : (
                            <StoredPhoto id={answer.value} alt={item.label} size={160} />
                          )}
                        </Box>
                      ) : null}
                      {answer?.photo_ids && answer.photo_ids.length > 0 ? (
                        <Group gap="xs" mt={6}>
                          {answer.photo_ids.map((photoId, index) => (
                            <StoredPhoto key={photoId} id={photoId} alt={`${item.label}, photo ${index + 1} of the problem`} />
                          ))}
                        </Group>
                      ) : null}
                    </li>
                  );
                })}
              </Stack>
            </Card>
          ))}
          <ReviewCard check={check.data} onReload={() => check.refetch()} reloading={check.isFetching} />
        </Stack>
      )}
    </FleetAdminPage>
  );
}
