import { Box, Image, Loader, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useKeptPhotoUrl } from './kept-photos.ts';

/** What a form says under photos kept on the device (kept-photos.ts). */
export const KEPT_PHOTO_NOTE = 'Kept on this device: uploaded when you are back online';

/**
 * A photo kept on the device (its local id), shown from its Blob as a square thumbnail (`whole`: the
 * whole image on white, as a signature is shown) with a cloud-off mark; "Photo no longer on this
 * device" when the device lost it.
 */
export function KeptPhotoThumbnail({
  id,
  alt,
  size = 96,
  height,
  whole = false,
}: {
  id: string;
  alt: string;
  size?: number;
  height?: number;
  whole?: boolean;
}) {
  const photo = useKeptPhotoUrl(id);
  const h = height ?? size;
  if (photo.missing)
    return (
      <Text fz="xs" c="dimmed">
        Photo no longer on this device
      </Text>
    );
  if (!photo.url)
    return (
      <Box w={size} h={h} maw="100%" style={{ display: 'grid', placeItems: 'center' }}>
        <Loader size="xs" aria-label="Loading photo" />
      </Box>
    );
  return (
    <Box pos="relative" w={size} maw="100%">
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
      <Box
        pos="absolute"
        left={4}
        bottom={4}
        bg="var(--mantine-color-body)"
        c="var(--mantine-color-text)"
        style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', width: 22, height: 22 }}
      >
        <IconCloudOff aria-hidden size={14} />
      </Box>
    </Box>
  );
}
