import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { startOutbox } from '../lib/outbox/outbox.ts';
import { fixPath, refusalMessage } from '../lib/outbox/outbox-rules.ts';
import { registerServiceWorker } from './service-worker.ts';

/** How long the news of a refused item stays up: it stays in the outbox (the header says "1 not sent"), and on a phone the toast covers the header. */
const REFUSED_NOTICE_MS = 15_000;

/**
 * What makes the app work in the field, started after the first screen (start-app.tsx): the service
 * worker (production builds), and the outbox, which sends what waits on the device. When a pass sends
 * something, the screens of its module reload and the officer is told; a refusal is told too, with a
 * way to open it in its form to fix it (`open`, the router's navigation), and stays in the outbox with
 * the server's message.
 */
export function startFieldReadiness(queryClient: QueryClient, open: (href: string) => void): void {
  if (!import.meta.env.DEV) registerServiceWorker();
  startOutbox((result) => {
    const modules = new Set([...result.sent, ...result.rejected].map((item) => item.endpoint.split('.')[0] ?? ''));
    for (const module of modules) void queryClient.invalidateQueries({ queryKey: [module] });
    for (const item of result.sent) {
      notifications.show({ color: 'green', title: 'Sent from the outbox', message: `${item.summary} reached the server.` });
    }
    for (const item of result.rejected) {
      const fix = fixPath(item);
      notifications.show({
        id: `outbox-refused-${item.id}`,
        color: 'red',
        autoClose: REFUSED_NOTICE_MS,
        title: 'Not sent: the server refused it',
        message: (
          <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-end">
            <Text fz="sm">
              {item.summary}: {refusalMessage(item).replace(/\.?$/, '.')} It stays in the outbox.
            </Text>
            {fix ? (
              <Button
                size="xs"
                aria-label={`Open to fix: ${item.summary}`}
                onClick={() => {
                  notifications.hide(`outbox-refused-${item.id}`);
                  open(fix);
                }}
              >
                Open to fix
              </Button>
            ) : null}
          </Group>
        ),
      });
    }
  });
}
