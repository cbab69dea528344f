import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useOnline } from '../lib/online.ts';

/** The three states every screen that loads data has: loading, empty and error. */

/**
 * A screen's data on its way. With no connection a read the device never kept waits (TanStack Query
 * pauses it) rather than fails: the screen says so, instead of spinning, and fills in by itself once
 * the connection is back.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  const online = useOnline();
  if (!online)
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs" maw={420} ta="center">
          <IconCloudOff aria-hidden size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No connection</Text>
          <Text c="dimmed">What this screen shows is not kept on this device. It opens by itself when the connection is back.</Text>
        </Stack>
      </Center>
    );
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <IconInbox aria-hidden size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Text fw={600}>{title}</Text>
        {children ? <Text c="dimmed">{children}</Text> : null}
      </Stack>
    </Center>
  );
}

export function ErrorState({
  title = 'This could not be loaded',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * Above a screen that shows an earlier answer because the server cannot be reached now
 * (`showsKeptAnswer`): when that answer is from, and a way to try again.
 */
export function KeptAnswerNotice({ updatedAt, onRetry }: { updatedAt: number; onRetry: () => void }) {
  const dates = useAgencyDates();
  return (
    <Alert color="yellow" variant="light" title="Precinct cannot reach the server" icon={<IconCloudOff aria-hidden />} role="status">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          This is what this device kept from {dates.dateTime(new Date(updatedAt).toISOString())}. It is brought up to date once the server
          answers.
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A form's error that belongs to no one field (wrong password, expired link, server down). */
export function FormErrorAlert({ message, title, children }: { message: string | null; title?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text fz="sm">{message}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
