import { Badge, Box, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../api-error.ts';
import { useAgencyDates } from '../agency-dates.tsx';
import { useFocusTarget } from '../../ui/deferred-overlay.ts';
import { discardItem, flushOutbox, useOutbox } from './outbox.ts';
import { OutboxButton } from './outbox-button.tsx';
import { fixPath, type OutboxItem } from './outbox-rules.ts';

/**
 * The outbox's panel (outbox-indicator.tsx loads it with the first click, which opens it): each item
 * the server does not have yet, oldest first, with its state. A waiting item goes by itself when the
 * connection is back ("Send now" tries at once); a refused one shows the server's message, opens in its
 * form with what was typed ("Open to fix": the form shows the messages beside the fields, and sending
 * it again replaces the refused item), or is discarded.
 */
export function OutboxPanel({ focusTarget }: { focusTarget: boolean }) {
  const [opened, setOpened] = useState(true);
  const target = useFocusTarget<HTMLButtonElement>(focusTarget);
  const { items, sendingId } = useOutbox();
  const waiting = items.some((item) => item.state === 'waiting');
  if (items.length === 0) return null;
  return (
    // withRoles off: the dialog is named "Outbox" (Mantine would name it after its button), and the button says itself that it opens it.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal trapFocus withRoles={false}>
      <Popover.Target>
        <OutboxButton ref={target} items={items} aria-haspopup="dialog" aria-expanded={opened} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Outbox">
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
          <Text fw={600} fz="sm">
            Outbox
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={!waiting || sendingId !== null} onClick={() => void flushOutbox()}>
            Send now
          </Button>
        </Group>
        <Text fz="xs" c="dimmed" px="sm" pb="xs">
          Kept on this device for you, and sent when the connection is back.
        </Text>
        <Box mah={420} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <OutboxRow key={item.id} item={item} sending={item.id === sendingId} onOpen={() => setOpened(false)} />
            ))}
          </Stack>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}

function OutboxRow({ item, sending, onOpen }: { item: OutboxItem; sending: boolean; onOpen: () => void }) {
  const dates = useAgencyDates();
  const navigate = useNavigate();
  const fix = fixPath(item);
  const [discardError, setDiscardError] = useState<string | null>(null);
  const refused = item.state === 'rejected';
  const fieldMessages = Object.values(item.fields);
  return (
    <Box component="li" px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.summary}
          </Text>
          <Badge variant="light" color={refused ? 'red' : sending ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
            {refused ? 'Not sent' : sending ? 'Sending…' : 'Waiting'}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          Saved {dates.dateTime(item.created_at)}
        </Text>
        {refused ? (
          <>
            <Text fz="sm" c="red" role="alert">
              {item.message ?? 'The server refused it.'}
            </Text>
            {fieldMessages.length > 0 ? (
              <Stack gap={2} component="ul" pl="md" m={0}>
                {fieldMessages.map((message, index) => (
                  <Text component="li" fz="xs" key={index}>
                    {message}
                  </Text>
                ))}
              </Stack>
            ) : null}
            <Group gap="xs">
              {fix ? (
                <Button
                  size="compact-sm"
                  aria-label={`Open to fix: ${item.summary}`}
                  onClick={() => {
                    onOpen();
                    void navigate({ href: fix });
                  }}
                >
                  Open to fix
                </Button>
              ) : null}
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`Discard ${item.summary}`}
                onClick={() => void discardItem(item.id).catch((error: unknown) => setDiscardError(errorMessage(error)))}
              >
                Discard
              </Button>
            </Group>
            {discardError ? (
              <Text fz="xs" c="red">
                {discardError}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
