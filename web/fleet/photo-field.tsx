import { ActionIcon, Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconCloudOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { isKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { KEPT_PHOTO_NOTE } from '../lib/outbox/kept-photo-thumbnail.tsx';
import { forgetKeptPhotos } from '../lib/outbox/kept-photos.ts';
import { StoredPhoto } from '../ui/stored-photo.tsx';
import { photoFileProblem, uploadFormPhoto } from './upload-photo.ts';

/** A signature image (drawn 600 × 200) shown whole. */
export function StoredSignature({ id, alt }: { id: string; alt: string }) {
  return <StoredPhoto id={id} alt={alt} size={300} height={100} whole />;
}

/** Says that a photo (or a signature) is kept on this device until the connection is back. */
export function KeptPhotoNote() {
  return (
    <Group gap={4} wrap="nowrap" role="status">
      <IconCloudOff aria-hidden size={16} style={{ flexShrink: 0 }} />
      <Text fz="sm" c="dimmed">
        {KEPT_PHOTO_NOTE}
      </Text>
    </Group>
  );
}

/**
 * Photos attached to an answer or a request: a camera-or-file button, an upload progress bar, the
 * photos as thumbnails with a remove button. `ids` are storage object ids, or the local ids of photos
 * taken without a connection and kept on the device (web/lib/outbox/kept-photos.ts), which the
 * request uploads before it is sent.
 */
export function PhotoField(props: {
  label: string;
  ids: string[];
  onChange: (ids: string[]) => void;
  max?: number;
  error?: string | null;
  single?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const max = props.single ? 1 : (props.max ?? 10);

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const wrong = photoFileProblem(file);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProgress(0);
    uploadFormPhoto(file, setProgress)
      .then((photo) => props.onChange(props.single ? [photo.id] : [...props.ids, photo.id]))
      .catch((error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setProgress(null));
  };

  const message = problem ?? props.error ?? null;
  return (
    <Stack gap={6}>
      {props.ids.length > 0 ? (
        <Group gap="xs">
          {props.ids.map((id, index) => (
            <Box key={id} pos="relative">
              <StoredPhoto id={id} alt={`${props.label}, photo ${index + 1}`} />
              <ActionIcon
                variant="filled"
                color="dark"
                size="md"
                radius="xl"
                pos="absolute"
                top={4}
                right={4}
                aria-label={`Remove photo ${index + 1} of ${props.label}`}
                onClick={() => {
                  props.onChange(props.ids.filter((other) => other !== id));
                  // A kept photo no request took yet leaves the device with it.
                  if (isKeptPhotoId(id)) void forgetKeptPhotos([id]).catch(() => undefined);
                }}
              >
                <IconX aria-hidden size={16} />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : null}
      {props.ids.some(isKeptPhotoId) ? <KeptPhotoNote /> : null}
      {progress !== null ? (
        <Stack gap={2}>
          <Progress value={progress} aria-label={`Uploading a photo for ${props.label}`} size="lg" />
          <Text fz="xs" c="dimmed" role="status">
            Uploading… {progress}%
          </Text>
        </Stack>
      ) : props.ids.length < max ? (
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp" capture="environment">
          {(buttonProps) => (
            <Button
              {...buttonProps}
              variant="default"
              size="md"
              leftSection={<IconCamera aria-hidden size={18} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {props.ids.length > 0 ? 'Add another photo' : 'Add a photo'}
            </Button>
          )}
        </FileButton>
      ) : null}
      {message ? (
        <Text fz="sm" c="red" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
