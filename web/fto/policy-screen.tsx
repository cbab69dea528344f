import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useOutbox } from '../lib/outbox/outbox.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useAcknowledgePolicy, useBinder, usePolicy } from './fto-calls.ts';
import { FtoPage } from './fto-ui.tsx';

/**
 * /fto/binder/{id}/policies/view/{policy_id}: the policy as the trainee's program carries it; the trainee
 * acknowledges having read it (once, timestamped, with the version). Offline, the acknowledgement
 * waits in the outbox.
 */
export function PolicyScreen() {
  const { binder_id: binderId = '', policy_id: policyId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const policy = usePolicy(policyId);
  const acknowledge = useAcknowledgePolicy();
  const dates = useAgencyDates();
  const { items } = useOutbox();
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const waiting = items.some(
    (item) => item.endpoint === 'fto.acknowledgePolicy' && item.params?.id === policyId && item.state === 'waiting',
  );
  const name = policy.data?.trainee_name ?? binder.data?.trainee_name;
  const submit = async () => {
    setError(null);
    try {
      await acknowledge.mutateAsync({ binderId, policyId, title: policy.data!.title, key });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <FtoPage
      title={policy.data?.title ?? 'Policy'}
      description={policy.data ? `Version ${policy.data.version}` : undefined}
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
        { label: 'Policies', to: `/fto/binder/${binderId}/policies` },
      ]}
    >
      {policy.isPending ? (
        <LoadingState label="Loading the policy…" />
      ) : policy.isError ? (
        <ErrorState message={errorMessage(policy.error)} onRetry={() => void policy.refetch()} />
      ) : (
        <Stack gap="md" maw={760}>
          <Card withBorder radius="md" padding="lg">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{policy.data.body}</Text>
          </Card>
          {policy.data.acknowledged_at ? (
            <Alert color="green" variant="light" title="Acknowledged">
              {name} acknowledged version {policy.data.acknowledged_version} on {dates.dateTime(policy.data.acknowledged_at)}.
            </Alert>
          ) : waiting ? (
            <Alert color="blue" variant="light" title="Acknowledgement not sent yet" icon={<IconCloudOff aria-hidden />} role="status">
              Saved on this device; it will be sent when you are back online. It waits in the outbox at the top of the page.
            </Alert>
          ) : policy.data.can_acknowledge ? (
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text>By acknowledging, you confirm you have read and understood version {policy.data.version} of this policy.</Text>
                <FormErrorAlert message={error} />
                <Group>
                  <Button onClick={() => void submit()} loading={acknowledge.isPending}>
                    I have read and understood this policy
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <Text c="dimmed">Not acknowledged yet by {name}.</Text>
          )}
        </Stack>
      )}
    </FtoPage>
  );
}
