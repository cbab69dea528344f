import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useReportsHome } from './reports-calls.ts';

/**
 * Reports on the home screen: reports returned to this person and reports waiting for their review,
 * each a link to its queue. Nothing when nothing waits, or while loading.
 */
export function ReportsNeedsPanel() {
  const home = useReportsHome();
  if (!home.data) return null;
  const { returned, to_review: toReview, returned_total: returnedTotal, to_review_total: reviewTotal } = home.data;
  if (returned.length === 0 && toReview.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="needs-reports">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="needs-reports">
          Reports
        </Title>
        {returned.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            <Anchor renderRoot={(props) => <Link {...props} to="/reports" search={{ queue: 'returned' }} />} fw={650}>
              {returnedTotal} {returnedTotal === 1 ? 'report' : 'reports'} returned to you
            </Anchor>
            <Text fz="sm" c="dimmed">
              with the reviewer’s comments: {returned.map((r) => r.case_number).join(', ')}
            </Text>
          </Group>
        ) : null}
        {toReview.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            <Anchor renderRoot={(props) => <Link {...props} to="/reports" search={{ queue: 'review' }} />} fw={650}>
              {reviewTotal} {reviewTotal === 1 ? 'report' : 'reports'} to review
            </Anchor>
            <Text fz="sm" c="dimmed">
              oldest first: {toReview[0]!.case_number} by {toReview[0]!.author_name}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
