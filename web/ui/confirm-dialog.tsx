import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrorAlert } from './states.tsx';

/**
 * A yes/no question before an action that cannot be taken back quietly (disable a person, reset their
 * MFA, delete a role). The server's refusal, if any, shows inside the dialog.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="md">
        {typeof props.children === 'string' ? <Text fz="sm">{props.children}</Text> : props.children}
        <FormErrorAlert message={props.error ?? null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color={props.color ?? 'blue'} loading={props.busy} onClick={props.onConfirm} data-autofocus>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
