import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/** A file on its way up: its progress bar and percentage, or why it was refused with a way to dismiss the message. */
export type UploadLineState = { key: string; name: string; progress: number; error: string | null };

export function UploadLine({ upload, onDismiss }: { upload: UploadLineState; onDismiss: () => void }) {
  if (upload.error)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="sm" c="red" role="alert" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {upload.name}: {upload.error}
        </Text>
        <ActionIcon variant="subtle" color="gray" aria-label={`Dismiss the message about ${upload.name}`} onClick={onDismiss}>
          <IconX aria-hidden size={16} />
        </ActionIcon>
      </Group>
    );
  return (
    <Stack gap={2}>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {upload.name}
      </Text>
      <Progress value={upload.progress} size="lg" aria-label={`Uploading ${upload.name}`} />
      <Text fz="xs" c="dimmed" role="status">
        Uploading… {upload.progress}%
      </Text>
    </Stack>
  );
}
