import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useNotifications } from './notifications-api.ts';

/** The bell: how many notifications are unread. The panel's target, and the bell before the panel has loaded. */
export function BellButton(props: ComponentProps<typeof ActionIcon<'button'>>) {
  const notifications = useNotifications();
  const unread = notifications.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} {...props}>
      <Indicator disabled={unread === 0} label={unread > 99 ? '99+' : unread} size={16} offset={2} color="red" aria-hidden>
        <IconBell aria-hidden size={20} />
      </Indicator>
    </ActionIcon>
  );
}
