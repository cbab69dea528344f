import { Box, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Notification } from '../../core/contracts/notifications.ts';
import { useFocusTarget } from '../ui/deferred-overlay.ts';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { BellButton } from './bell-button.tsx';
import { useMarkNotificationsRead, useNotifications } from './notifications-api.ts';
import { timeAgo } from './relative-time.ts';

/**
 * The bell's panel (notification-bell.tsx loads it with the first click, which opens it): the latest
 * 20 notifications. Opening one marks it read and follows its link; "Mark all read" clears the count.
 */
export function NotificationPanel({ focusTarget }: { focusTarget: boolean }) {
  const [opened, setOpened] = useState(true);
  const target = useFocusTarget<HTMLButtonElement>(focusTarget);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = notifications.data?.unread ?? 0;

  function open(notification: Notification) {
    if (!notification.read) markRead.mutate([notification.id]);
    setOpened(false);
    if (notification.link?.startsWith('/')) void navigate({ to: notification.link });
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <BellButton ref={target} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
          <Text fw={600} fz="sm">
            Notifications
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all read
          </Button>
        </Group>
        <Box mah={420} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {notifications.isPending ? (
            <LoadingState label="Loading notifications…" />
          ) : notifications.isError ? (
            <Box p="sm">
              <ErrorState
                title="Notifications could not be loaded"
                message={notifications.error.message}
                onRetry={() => void notifications.refetch()}
              />
            </Box>
          ) : notifications.data.items.length === 0 ? (
            <Box p="sm">
              <EmptyState title="Nothing new">News about your service requests and work will show here.</EmptyState>
            </Box>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {notifications.data.items.map((notification) => (
                <li key={notification.id}>
                  <UnstyledButton
                    onClick={() => open(notification)}
                    w="100%"
                    px="sm"
                    py="xs"
                    className="precinct-notification"
                    data-unread={notification.read ? undefined : true}
                  >
                    {/* Named by what it shows, "Unread:" first for a screen reader (WCAG 2.5.3, label in name). */}
                    {notification.read ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Box w={8} mt={6} style={{ flexShrink: 0 }}>
                        {notification.read ? null : <Box w={8} h={8} bg="blue" style={{ borderRadius: '50%' }} aria-hidden />}
                      </Box>
                      <Box miw={0}>
                        <Text fz="sm" fw={notification.read ? 400 : 600} lineClamp={2}>
                          {notification.title}
                        </Text>
                        {notification.body ? (
                          <Text fz="xs" c="dimmed" lineClamp={2}>
                            {notification.body}
                          </Text>
                        ) : null}
                        <Text fz="xs" c="dimmed" component="time" dateTime={notification.created_at}>
                          {timeAgo(notification.created_at)}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
