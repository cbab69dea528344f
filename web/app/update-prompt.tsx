import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** The one prompt for a new deployment (app-updates.ts): `reload` switches to it. */
export function offerReload(reload: () => void): void {
  notifications.show({
    id: 'new-deployment',
    autoClose: false,
    title: 'A new version of Precinct is ready',
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text fz="sm">Reload to use it. Save your work first.</Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Group>
    ),
  });
}
