import { Text } from '@mantine/core';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

/**
 * Asked before signing out while the outbox holds the user's items (user-menu.tsx). Their items stay
 * on this device, theirs alone: they are sent the next time they sign in here with a connection, and
 * nobody else who signs in on the device sees or sends them.
 */
export function SignOutConfirm(props: { opened: boolean; unsent: number; onConfirm: () => void; onClose: () => void }) {
  const { unsent } = props;
  return (
    <ConfirmDialog
      opened={props.opened}
      title={unsent === 1 ? '1 item has not been sent yet' : `${unsent} items have not been sent yet`}
      confirmLabel="Sign out anyway"
      color="red"
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      <Text fz="sm">
        {unsent === 1 ? 'It is' : 'They are'} in the outbox on this device. If you sign out, {unsent === 1 ? 'it stays' : 'they stay'} here
        and {unsent === 1 ? 'is' : 'are'} sent the next time you sign in on this device with a connection; nobody else who signs in here can
        see or send {unsent === 1 ? 'it' : 'them'}.
      </Text>
    </ConfirmDialog>
  );
}
