import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFtoHome } from './fto-calls.ts';

/**
 * Field training on the home screen: the DORs waiting for this person (to finish writing, to
 * acknowledge, to approve), each a link to field training. Nothing when nothing waits, or while loading.
 */
export function FtoNeedsPanel() {
  const home = useFtoHome();
  if (!home.data) return null;
  const waiting = [
    { count: home.data.to_write.length, label: 'to write', detail: 'drafts you started' },
    { count: home.data.to_acknowledge.length, label: 'to acknowledge', detail: 'completed by your trainer' },
    { count: home.data.to_approve.length, label: 'to approve', detail: 'acknowledged by the trainee' },
  ].filter((entry) => entry.count > 0);
  const policies = home.data.my_binder ? home.data.policies_to_acknowledge : 0;
  if (waiting.length === 0 && policies === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="needs-fto">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="needs-fto">
          Field training
        </Title>
        {waiting.map((entry) => (
          <Group key={entry.label} gap="xs" wrap="wrap">
            <Anchor renderRoot={(props) => <Link {...props} to="/fto" />} fw={650}>
              {entry.count} {entry.count === 1 ? 'DOR' : 'DORs'} {entry.label}
            </Anchor>
            <Text fz="sm" c="dimmed">
              {entry.detail}
            </Text>
          </Group>
        ))}
        {policies > 0 ? (
          <Group gap="xs" wrap="wrap">
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/fto/binder/$binder_id/policies" params={{ binder_id: home.data.my_binder!.id }} />
              )}
              fw={650}
            >
              {policies} {policies === 1 ? 'policy' : 'policies'} to acknowledge
            </Anchor>
            <Text fz="sm" c="dimmed">
              read and sign that you have
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
