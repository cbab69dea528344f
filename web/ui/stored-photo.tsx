import { Box, Image, Loader, Text } from '@mantine/core';
import { isKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { KeptPhotoThumbnail } from '../lib/outbox/kept-photo-thumbnail.tsx';
import { useStoredPhotoUrl } from '../lib/stored-files.ts';

type PhotoProps = { id: string; alt: string; size?: number; height?: number; whole?: boolean };

/**
 * A photo of a form or a record: a square thumbnail by default; a signature passes its own shape (3:1)
 * and is shown whole on white. A stored one is shown through a blob URL (storage objects need the
 * bearer token); one kept on this device until it can be uploaded (its local id), from the device.
 */
export function StoredPhoto(props: PhotoProps) {
  return isKeptPhotoId(props.id) ? <KeptPhotoThumbnail {...props} /> : <ServerPhoto {...props} />;
}

function ServerPhoto({ id, alt, size = 96, height, whole = false }: PhotoProps) {
  const photo = useStoredPhotoUrl(id);
  const h = height ?? size;
  if (photo.failed)
    return (
      <Text fz="xs" c="dimmed">
        Photo unavailable
      </Text>
    );
  if (!photo.url)
    return (
      <Box w={size} h={h} maw="100%" style={{ display: 'grid', placeItems: 'center' }}>
        <Loader size="xs" aria-label="Loading photo" />
      </Box>
    );
  return (
    <Image
      src={photo.url}
      alt={alt}
      w={size}
      h={h}
      maw="100%"
      fit={whole ? 'contain' : 'cover'}
      radius="sm"
      bg={whole ? '#fff' : undefined}
      style={whole ? { border: '1px solid var(--mantine-color-default-border)' } : undefined}
    />
  );
}
