import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The three states every screen that loads data has: loading, empty and error. */

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
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
