import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../lib/api-error.ts';
import { MODULE_SUMMARIES, ModuleIcon } from '../ui/module-icon.tsx';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { useModules } from './list-modules.ts';
import { ModuleSwitch } from './module-switch.tsx';

/** /admin/modules: every module with its switch and a link to its settings, and the agency profile. */
export function ModulesScreen() {
  const modules = useModules();
  return (
    <AdminPage
      title="Modules"
      description="Switch each module on or off for the whole agency. A module that is off disappears from everyone’s navigation and its records cannot be opened; nothing is deleted."
      breadcrumbs={[{ label: 'Admin', to: '/admin' }]}
    >
      {modules.isPending ? (
        <LoadingState label="Loading modules…" />
      ) : modules.isError ? (
        <ErrorState message={errorMessage(modules.error)} onRetry={() => void modules.refetch()} />
      ) : modules.data.length === 0 ? (
        <EmptyState title="No modules">There are no modules to switch.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {modules.data.map((module) => (
            <Card key={module.key} withBorder radius="lg" padding="lg" component="section" aria-labelledby={`module-${module.key}`}>
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                      <ModuleIcon module={module.key} />
                    </ThemeIcon>
                    <Title order={2} fz="lg" id={`module-${module.key}`}>
                      {module.label}
                    </Title>
                  </Group>
                  <Text fz="sm" c="dimmed">
                    {MODULE_SUMMARIES[module.key]}
                  </Text>
                  <ModuleSwitch module={module} />
                </Stack>
                <Anchor component={Link} to={`/admin/modules/${module.key}`} fz="sm" fw={600} aria-label={`${module.label} settings`}>
                  Settings
                </Anchor>
              </Stack>
            </Card>
          ))}
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="module-agency">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                    <IconBuildingCommunity aria-hidden size={20} stroke={1.7} />
                  </ThemeIcon>
                  <Title order={2} fz="lg" id="module-agency">
                    Agency profile
                  </Title>
                </Group>
                <Text fz="sm" c="dimmed">
                  Name, ORI, address, logo, timezone and clock, and the sign-in security policy. Always on.
                </Text>
              </Stack>
              <Anchor component={Link} to="/admin/modules/agency" fz="sm" fw={600} aria-label="Agency profile settings">
                Settings
              </Anchor>
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </AdminPage>
  );
}
