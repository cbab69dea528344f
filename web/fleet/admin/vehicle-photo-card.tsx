import { Button, Card, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Vehicle } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StoredPhoto } from '../../ui/stored-photo.tsx';
import { PHOTO_TYPES, photoFileProblem, uploadPhoto } from '../upload-photo.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { isStaleVersion } from '../../lib/api.ts';
import { useSetVehiclePhoto } from './set-vehicle-photo.ts';

/**
 * The vehicle's photo on its page: upload one (PNG, JPEG or WebP, with its progress), replace it or
 * remove it. The image goes to storage/v1 first; the vehicle then points to it, against the version
 * the office saw.
 */
export function VehiclePhotoCard({
  vehicle,
  onReload,
  reloading,
}: {
  vehicle: Vehicle;
  onReload: () => Promise<unknown>;
  reloading: boolean;
}) {
  const setPhoto = useSetVehiclePhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const busy = progress !== null || setPhoto.isPending;

  const save = async (photoId: string | null) => {
    try {
      await setPhoto.mutateAsync({ id: vehicle.id, photoId, version: vehicle.version });
      notifications.show({
        color: 'green',
        title: photoId ? 'Photo saved' : 'Photo removed',
        message: `Unit ${vehicle.unit_number} ${photoId ? 'has a new photo' : 'has no photo now'}.`,
      });
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else setProblem(errorMessage(error));
    }
  };

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const wrong = photoFileProblem(file);
    if (wrong) return setProblem(wrong);
    setProgress(0);
    uploadPhoto(file, setProgress)
      .then((stored) => {
        setProgress(null);
        return save(stored.id);
      })
      .catch((error: unknown) => {
        setProgress(null);
        setProblem(errorMessage(error));
      });
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vehicle-photo">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vehicle-photo">
          Photo
        </Title>
        {stale ? (
          <StaleVersionAlert
            what="vehicle"
            reloading={reloading}
            onReload={() => {
              setStale(false);
              void onReload();
            }}
          />
        ) : null}
        {vehicle.photo_id ? (
          <StoredPhoto id={vehicle.photo_id} alt={`Unit ${vehicle.unit_number}`} size={360} height={240} />
        ) : (
          <Group gap="xs" c="dimmed">
            <IconPhotoOff aria-hidden size={20} />
            <Text fz="sm" c="dimmed">
              No photo yet. Add one so officers and the shop know the car at a glance.
            </Text>
          </Group>
        )}
        {progress !== null ? (
          <Stack gap={2}>
            <Progress value={progress} size="lg" aria-label={`Uploading the photo of unit ${vehicle.unit_number}`} />
            <Text fz="xs" c="dimmed" role="status">
              Uploading… {progress}%
            </Text>
          </Stack>
        ) : null}
        {problem ? (
          <Text fz="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group gap="sm">
          <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')} disabled={busy}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="default"
                leftSection={<IconCamera aria-hidden size={18} />}
                loading={setPhoto.isPending && setPhoto.variables?.photoId !== null}
              >
                {vehicle.photo_id ? 'Replace the photo' : 'Upload a photo'}
              </Button>
            )}
          </FileButton>
          {vehicle.photo_id ? (
            <Button
              variant="default"
              leftSection={<IconTrash aria-hidden size={18} />}
              disabled={busy}
              loading={setPhoto.isPending && setPhoto.variables?.photoId === null}
              onClick={() => void save(null)}
            >
              Remove the photo
            </Button>
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          PNG, JPEG or WebP, up to 10 MB.
        </Text>
      </Stack>
    </Card>
  );
}
