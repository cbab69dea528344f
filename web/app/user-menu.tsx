import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { signOut, useAuthState } from '../auth/session.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The signed-in user's menu: who is signed in, and sign-out. */
export function UserMenu() {
  const { session } = useAuthState();
  const [signingOut, setSigningOut] = useState(false);
  if (!session) return null;
  const { user } = session;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.name}`} p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={6} wrap="nowrap">
            <Avatar size={32} radius="xl" color="blue" aria-hidden>
              {initials(user.name)}
            </Avatar>
            <Text fz="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {user.name}
            </Text>
            <IconChevronDown aria-hidden size={14} />
          </Group>
        </UnstyledButton>
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
        <Menu.Item
          leftSection={<IconLogout aria-hidden size={16} />}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut().finally(() => setSigningOut(false));
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
