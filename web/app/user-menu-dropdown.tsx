import { Box, Menu, Text } from '@mantine/core';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import type { AuthUser } from '../../core/contracts/auth.ts';
import { useFocusTarget } from '../ui/deferred-overlay.ts';
import { UserButton } from './user-button.tsx';

/** The account menu itself (user-menu.tsx loads it with the first click, which opens it). */
export function UserMenuDropdown(props: {
  user: AuthUser;
  focusTarget: boolean;
  signingOut: boolean;
  onAccount: () => void;
  onSignOut: () => void;
}) {
  const { user } = props;
  const target = useFocusTarget<HTMLButtonElement>(props.focusTarget);
  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened>
      <Menu.Target>
        <UserButton ref={target} name={user.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text fz="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item leftSection={<IconShieldLock aria-hidden size={16} />} onClick={props.onAccount}>
          Account and security
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout aria-hidden size={16} />} disabled={props.signingOut} onClick={props.onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
