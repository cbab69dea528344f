import { Button, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { outboxLabel, type OutboxItem } from './outbox-rules.ts';

/** The header's outbox button: "2 waiting to send" (the count alone on a narrow phone). The panel's target, and the button before the panel has loaded. */
export function OutboxButton({ items, ...props }: { items: readonly OutboxItem[] } & ComponentProps<typeof Button<'button'>>) {
  const label = outboxLabel(items);
  const refused = items.some((item) => item.state === 'rejected');
  return (
    <Button
      variant="light"
      color={refused ? 'red' : 'yellow'}
      size="compact-md"
      px={8}
      leftSection={<IconCloudUpload aria-hidden size={18} />}
      aria-label={label}
      {...props}
    >
      <Text span fz="sm" fw={600} visibleFrom="xs">
        {label}
      </Text>
      <Text span fz="sm" fw={600} hiddenFrom="xs" aria-hidden>
        {items.length}
      </Text>
    </Button>
  );
}
