import { Notifications } from '@mantine/notifications';
import { Z_INDEX } from './theme.ts';

/** Where toasts appear (spec section 9: width 25rem, top right). Loaded with the first toast (ui-providers.tsx). */
export function NotificationsContainer() {
  return <Notifications containerWidth="25rem" zIndex={Z_INDEX.notifications} position="top-right" />;
}
