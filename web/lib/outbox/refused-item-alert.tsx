import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../api-error.ts';
import { discardItem } from './outbox.ts';
import type { OutboxItem } from './outbox-rules.ts';

/**
 * Above a form opened from the outbox to fix a refused item (useRefusedItem): what the server said,
 * what to do, and a way to discard it instead. The form shows the messages about its fields beside them.
 */
export function RefusedItemAlert({ item, onDiscarded }: { item: OutboxItem; onDiscarded: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const discard = () => {
    setDiscarding(true);
    discardItem(item.id)
      .then(onDiscarded)
      .catch((error: unknown) => {
        setDiscarding(false);
        setProblem(errorMessage(error));
      });
  };
  return (
    <Alert color="red" variant="light" title={`Not sent: ${item.summary}`} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap={8}>
        <Text inherit fw={600}>
          {item.message ?? 'The server refused it.'}
        </Text>
        <Text inherit>
          This is what you typed, kept in the outbox. Fix what is marked and send it again; it then leaves the outbox. Or discard it.
        </Text>
        <Group gap="xs">
          <Button variant="default" size="md" onClick={discard} loading={discarding}>
            Discard it
          </Button>
        </Group>
        {problem ? (
          <Text inherit c="red">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
