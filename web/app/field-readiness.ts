import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { startOutbox } from '../lib/outbox/outbox.ts';
import { registerServiceWorker } from './service-worker.ts';

/**
 * What makes the app work in the field, started after the first screen (start-app.tsx): the service
 * worker (production builds), and the outbox, which sends what waits on the device. When a pass sends
 * something, the screens of its module reload and the officer is told; a refusal is told too, and
 * stays in the outbox with the server's message.
 */
export function startFieldReadiness(queryClient: QueryClient): void {
  if (!import.meta.env.DEV) registerServiceWorker();
  startOutbox((result) => {
    const modules = new Set([...result.sent, ...result.rejected].map((item) => item.endpoint.split('.')[0] ?? ''));
    for (const module of modules) void queryClient.invalidateQueries({ queryKey: [module] });
    for (const item of result.sent) {
      notifications.show({ color: 'green', title: 'Sent from the outbox', message: `${item.summary} reached the server.` });
    }
    for (const item of result.rejected) {
      notifications.show({
        color: 'red',
        autoClose: false,
        title: 'Not sent: the server refused it',
        message: `${item.summary}: ${item.message ?? 'refused'}. It stays in the outbox.`,
      });
    }
  });
}
