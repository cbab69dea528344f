import { Alert, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { isModuleKey, MODULES, type ModuleKey } from '../../core/modules.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ModuleSettingsPanel } from '../lib/web-modules.tsx';
import { ModuleIcon } from '../ui/module-icon.tsx';
import { SectionBar, type Section } from '../ui/section-bar.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { useModules } from './list-modules.ts';
import { ModuleSwitch } from './module-switch.tsx';

/** The scheduling module's settings pages below /admin/modules/schedule. */
const SCHEDULE_PAGES: Record<string, string> = { schedules: 'Schedules', groups: 'Groups', assignments: 'Assignments' };

/** The scheduling settings' own navigation: its page and the three sub-pages. */
const SCHEDULE_SECTIONS: readonly Section[] = [
  { to: '/admin/modules/schedule', label: 'Settings', match: (path) => path.toLowerCase() === '/admin/modules/schedule' },
  ...Object.entries(SCHEDULE_PAGES).map(([slug, label]) => ({
    to: `/admin/modules/schedule/${slug}`,
    label,
    match: (path: string) => path.toLowerCase() === `/admin/modules/schedule/${slug}`,
  })),
];

/** The sub-page's slug (`groups`) from its name, as the module's settings panel is told. */
function pageSlug(page: string | null): string | null {
  return Object.entries(SCHEDULE_PAGES).find(([, label]) => label === page)?.[0] ?? null;
}

/** /admin/modules/<module>[/<page>] → the module and the page's name (null for the module's own page). */
export function settingsPageOf(pathname: string): { module: ModuleKey; page: string | null } | null {
  const [, admin, modules, key, sub] = pathname.toLowerCase().replace(/\/$/, '').split('/');
  if (admin !== 'admin' || modules !== 'modules' || !isModuleKey(key)) return null;
  return { module: key, page: sub ? (SCHEDULE_PAGES[sub] ?? null) : null };
}

/**
 * /admin/modules/{citations,reports,productivity,schedule,fleet,fto} and the schedule's sub-pages: the
 * module's switch, then the module's settings panel (told which sub-page it fills), or a note until the
 * module brings one. The schedule's pages have their own navigation above.
 */
export function ModuleSettingsScreen() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const target = settingsPageOf(pathname);
  const modules = useModules();
  if (!target) return null;
  const definition = MODULES[target.module];
  const title = target.page ? `${definition.label}: ${target.page}` : `${definition.label} settings`;
  const breadcrumbs = [
    { label: 'Admin', to: '/admin' },
    { label: 'Modules', to: '/admin/modules' },
    ...(target.page ? [{ label: `${definition.label} settings`, to: `/admin/modules/${target.module}` }] : []),
  ];
  const state = modules.data?.find((module) => module.key === target.module);

  return (
    <AdminPage title={title} breadcrumbs={breadcrumbs}>
      {target.module === 'schedule' ? <SectionBar sections={SCHEDULE_SECTIONS} label="Scheduling settings pages" /> : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-label={`${definition.label} on or off`}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            <ModuleIcon module={target.module} size={22} />
          </ThemeIcon>
          <Stack gap="xs" miw={0}>
            {modules.isPending ? (
              <LoadingState label="Loading the module…" />
            ) : modules.isError ? (
              <ErrorState message={errorMessage(modules.error)} onRetry={() => void modules.refetch()} />
            ) : state ? (
              <ModuleSwitch module={state} />
            ) : (
              <Text fz="sm">This module is not available.</Text>
            )}
            <Text fz="sm" c="dimmed">
              Off hides {definition.label} from everyone’s navigation and refuses its records at once; nothing is deleted, and switching it
              back on brings everything back.
            </Text>
          </Stack>
        </Group>
      </Card>
      <ModuleSettingsPanel
        module={target.module}
        moduleEnabled={state?.enabled}
        page={pageSlug(target.page)}
        fallback={
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} title="More settings arrive with the module">
            <Stack gap="xs">
              <Text fz="sm">Settings for this module arrive with the module. Until then, its switch above is all there is to set.</Text>
            </Stack>
          </Alert>
        }
      />
    </AdminPage>
  );
}
