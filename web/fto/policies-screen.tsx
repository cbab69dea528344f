import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { useBinder, usePolicies } from './fto-calls.ts';
import { FtoPage } from './fto-ui.tsx';

/** /fto/binder/{id}/policies: the policies of the trainee's program, each to read and acknowledge. */
export function PoliciesScreen() {
  const { binder_id: binderId = '' } = useParams({ strict: false });
  const binder = useBinder(binderId);
  const dates = useAgencyDates();
  const policies = usePolicies(binderId);
  const name = binder.data?.trainee_name;
  const open = policies.data?.filter((p) => !p.acknowledged_at).length ?? 0;
  return (
    <FtoPage
      title={name ? `Policies: ${name}` : 'Policies'}
      description={
        policies.data && policies.data.length > 0
          ? open > 0
            ? `${open} of ${policies.data.length} still to read and acknowledge.`
            : 'Every policy is acknowledged.'
          : undefined
      }
      breadcrumbs={[
        { label: 'Field training', to: '/fto' },
        { label: name ? `Binder: ${name}` : 'Binder', to: `/fto/binder/${binderId}` },
      ]}
    >
      {policies.isPending ? (
        <LoadingState label="Loading the policies…" />
      ) : policies.isError ? (
        <ErrorState message={errorMessage(policies.error)} onRetry={() => void policies.refetch()} />
      ) : policies.data.length === 0 ? (
        <EmptyState title="No policies to acknowledge">
          <Text fz="sm">The coordinator lists the policies a trainee reads in the program; binders started after that carry them.</Text>
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {policies.data.map((policy) => (
            <Card key={policy.id} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    fw={600}
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/fto/binder/$binder_id/policies/view/$policy_id"
                        params={{ binder_id: binderId, policy_id: policy.id }}
                      />
                    )}
                  >
                    {policy.title}
                  </Anchor>
                  <Text fz="sm">Version {policy.version}</Text>
                </Stack>
                {policy.acknowledged_at ? (
                  <Badge variant="light" color="green" c="var(--mantine-color-text)">
                    Acknowledged {dates.date(policy.acknowledged_at)}
                  </Badge>
                ) : (
                  <Badge variant="light" color="yellow" c="var(--mantine-color-text)">
                    To acknowledge
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </FtoPage>
  );
}
