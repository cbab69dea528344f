import { Anchor, AppShell, Burger, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MODULE_KEYS, MODULES, moduleAccessForUser } from '../../../core/modules.ts';
import { useProfile } from '../../lib/session/get-profile.ts';
import { useAuthState } from '../../lib/session/session.ts';
import { AgencyDatesProvider } from '../../lib/agency-dates.tsx';
import { useWebModuleEntries } from '../../lib/web-module-entries.ts';
import { ModuleIcon } from '../../ui/module-icon.tsx';
import { PrecinctLogo } from '../../ui/precinct-logo.tsx';
import { WebModuleIcon } from '../../ui/web-module-icon.tsx';
import { ThemeSwitch } from '../theme-switch.tsx';
import { UserMenu } from '../user-menu.tsx';
import { OutboxSlot } from '../outbox-slot.tsx';
import { NotificationBell } from '../../notifications/notification-bell.tsx';

function isActive(pathname: string, base: string): boolean {
  return base === '/' ? pathname === '/' : pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The default layout: the app frame with the agency's name, navigation to the modules this user may
 * open (core/modules.ts decides, the same table the guard uses), the web modules' own entries (Admin
 * for admins, web/admin/manifest.ts), the theme switch
 * and the user menu with sign-out. Below 48em the navigation folds behind a menu button.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  const { claims } = useAuthState();
  const profile = useProfile();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const access = moduleAccessForUser(claims, profile.data?.agency_info.sys_config ?? null);
  const entries = useWebModuleEntries(claims);
  const agencyName = profile.data?.agency_info.name;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }} padding="md">
      <a className="precinct-skip-link" href="#main-content">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navigationOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navigationOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navigationOpen}
              aria-controls="main-navigation"
            />
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Precinct home" className="precinct-tap">
              <PrecinctLogo size="md" />
            </Anchor>
            {agencyName ? (
              <Text c="dimmed" fz="sm" truncate visibleFrom="xs" data-testid="agency-name">
                {agencyName}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <OutboxSlot />
            <NotificationBell />
            <ThemeSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-navigation" component="nav" aria-label="Main navigation">
        <AppShell.Section hiddenFrom="xs" mb="sm">
          <Text fz="sm" fw={600} truncate>
            {agencyName ?? ' '}
          </Text>
        </AppShell.Section>
        {/* The browser's own scrolling: Mantine's ScrollArea would add 5 kB gz to every signed-in page. */}
        <AppShell.Section grow style={{ minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
          <Stack gap={2}>
            <NavLink
              component={Link}
              to="/"
              label="Home"
              leftSection={<IconHome aria-hidden size={20} stroke={1.7} />}
              active={isActive(pathname, '/')}
              onClick={close}
            />
            {profile.isPending ? (
              <Stack gap={6} mt="xs" aria-hidden>
                <Skeleton h={32} />
                <Skeleton h={32} />
                <Skeleton h={32} />
              </Stack>
            ) : (
              MODULE_KEYS.filter((key) => access[key]).map((key) => (
                <NavLink
                  key={key}
                  component={Link}
                  to={MODULES[key].homePath}
                  label={MODULES[key].label}
                  leftSection={<ModuleIcon module={key} />}
                  active={isActive(pathname, MODULES[key].homePath)}
                  onClick={close}
                />
              ))
            )}
            {entries.map((entry) => (
              <NavLink
                key={entry.key}
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={<WebModuleIcon module={entry.key} />}
                active={isActive(pathname, entry.to)}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {/* The screens show dates in the agency's timezone and clock, from the profile (web/lib/agency-dates.tsx). */}
        <AgencyDatesProvider agency={profile.data?.agency_info}>{children}</AgencyDatesProvider>
      </AppShell.Main>
    </AppShell>
  );
}

/** The default layout as a route component. */
export function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
