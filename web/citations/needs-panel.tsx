import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCitationsHome } from './citations-calls.ts';

/**
 * Citations on the home screen: the officer's drafts not yet issued (each a way back into its stop) and,
 * for a holder of citations:void, the voids officers asked for. Nothing when nothing waits, or while loading.
 */
export function CitationsNeedsPanel() {
  const home = useCitationsHome();
  if (!home.data) return null;
  const { drafts, drafts_total: draftsTotal, void_requests: voids, void_requests_total: voidsTotal } = home.data;
  if (drafts.length === 0 && voids.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="needs-citations">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="needs-citations">
          Citations
        </Title>
        {drafts.length > 0 ? (
          <Stack gap={4}>
            <Anchor renderRoot={(props) => <Link {...props} to="/citations" />} fw={650} className="precinct-tap">
              {draftsTotal} {draftsTotal === 1 ? 'citation' : 'citations'} not issued yet
            </Anchor>
            <Group gap="xs" wrap="wrap">
              {drafts.slice(0, 3).map((draft) => (
                <Anchor
                  key={draft.id}
                  fz="sm"
                  className="precinct-tap"
                  renderRoot={(props) => <Link {...props} to="/citations/stops/$stop_id" params={{ stop_id: draft.stop_id }} />}
                >
                  {draft.violator_name || draft.plate || 'Stop'} ({draft.location || 'no location yet'})
                </Anchor>
              ))}
            </Group>
          </Stack>
        ) : null}
        {voids.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            <Anchor
              renderRoot={(props) => <Link {...props} to="/citations" search={{ queue: 'void_requests' }} />}
              fw={650}
              className="precinct-tap"
            >
              {voidsTotal} {voidsTotal === 1 ? 'void request' : 'void requests'} to answer
            </Anchor>
            <Text fz="sm" c="dimmed">
              oldest: {voids[0]!.number ?? 'a draft'} by {voids[0]!.officer_name}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
