import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * Shown when a save got 412: someone else saved this record first. What was typed stays in the form;
 * the user chooses when to load the other version (and lose their changes) or copy what they need first.
 */
export function StaleVersionAlert({ what, onReload, reloading }: { what: string; onReload: () => void; reloading?: boolean }) {
  return (
    <Alert color="yellow" variant="light" title={`This ${what} was changed by someone else`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">
          Your changes were not saved, and they are still in the form. Load the current version to see what changed (your changes will be
          replaced), then make them again.
        </Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh aria-hidden size={16} />} loading={reloading} onClick={onReload}>
          Load the current version
        </Button>
      </Stack>
    </Alert>
  );
}
