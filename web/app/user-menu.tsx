import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSecondFactorGate } from '../auth/second-factor-gate.ts';
import { signOut, useAuthState } from '../auth/session.ts';
import { importWithReload } from '../lib/chunk-reload.ts';

const AccountSecurityModal = lazy(
  importWithReload(() => import('../account/account-security-modal.tsx').then((m) => ({ default: m.AccountSecurityModal }))),
);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * The signed-in user's menu: who is signed in, "Account and security" (factors, password, other
 * sessions, in a modal: the spec's route list has no page for it), and sign-out. Being in every
 * signed-in frame, it also keeps the session's second factor in step (useSecondFactorGate).
 */
export function UserMenu() {
  const { session } = useAuthState();
  const [signingOut, setSigningOut] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [accountLoaded, setAccountLoaded] = useState(false);
  useSecondFactorGate();
  if (!session) return null;
  const { user } = session;
  return (
    <>
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
            leftSection={<IconShieldLock aria-hidden size={16} />}
            onClick={() => {
              setAccountLoaded(true);
              setAccountOpen(true);
            }}
          >
            Account and security
          </Menu.Item>
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
      {accountLoaded ? (
        <Suspense fallback={null}>
          <AccountSecurityModal opened={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
