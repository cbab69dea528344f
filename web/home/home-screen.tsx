import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MODULE_KEYS, MODULES, moduleAccessForUser } from '../../core/modules.ts';
import { WEEKDAY_LABELS, formatDate, zonedDateParts } from '../../core/dates.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { useWebModuleEntries } from '../lib/web-module-entries.ts';
import { useProfile } from '../lib/session/get-profile.ts';
import { useAuthState } from '../lib/session/session.ts';
import { MODULE_SUMMARIES, ModuleIcon } from '../ui/module-icon.tsx';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { WebModuleIcon, webModuleSummary } from '../ui/web-module-icon.tsx';
import { Suspense, type ReactNode } from 'react';
import { useWebModules } from '../lib/web-modules.tsx';

function Tile(props: { to: string; title: string; description: string; icon: ReactNode }) {
  return (
    <Card component={Link} to={props.to} withBorder radius="lg" padding="lg" style={{ textDecoration: 'none' }}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={650} fz="lg">
            {props.title}
          </Text>
          <Text c="dimmed" fz="sm">
            {props.description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** Today's date in the agency's timezone, as dates are shown everywhere (spec section 1). */
function today(timeZone: string): string {
  const parts = zonedDateParts(new Date(), timeZone);
  const weekday = parts ? WEEKDAY_LABELS[parts.weekday] : '';
  return `${weekday} ${formatDate(new Date(), { timeZone })}`.trim();
}

/** `/` for a signed-in user: the modules they can open, as tiles. */
export function HomeScreen() {
  usePageTitle('Home');
  const { session, claims } = useAuthState();
  const profile = useProfile();
  const { timeZone } = useAgencyDates();
  const entries = useWebModuleEntries(claims);
  const modules = useWebModules();

  if (profile.isPending) return <LoadingState label="Loading your agency…" />;
  if (profile.isError) return <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;

  const agency = profile.data.agency_info;
  const access = moduleAccessForUser(claims, agency.sys_config);
  const openModules = MODULE_KEYS.filter((key) => access[key]);
  const needs = modules.flatMap(({ key, NeedsPanel }) =>
    NeedsPanel && openModules.some((open) => open === key) ? [{ key, NeedsPanel }] : [],
  );

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Text c="dimmed" fz="sm">
          {today(timeZone)} · {agency.name}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Welcome, {session?.user.name ?? 'officer'}
        </Title>
      </Stack>
      {needs.length ? (
        <Stack gap="sm" component="section" aria-label="What needs you now">
          {needs.map(({ key, NeedsPanel }) => (
            <Suspense key={key} fallback={null}>
              <NeedsPanel />
            </Suspense>
          ))}
        </Stack>
      ) : null}
      {openModules.length === 0 && entries.length === 0 ? (
        <EmptyState title="No modules are open to you yet">
          Your agency has not given your account access to any module. Ask your agency’s Precinct administrator.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" component="section" aria-label="Your modules">
          {openModules.map((key) => (
            <Tile
              key={key}
              to={MODULES[key].homePath}
              title={MODULES[key].label}
              description={MODULE_SUMMARIES[key]}
              icon={<ModuleIcon module={key} size={24} />}
            />
          ))}
          {entries.map((entry) => (
            <Tile
              key={entry.key}
              to={entry.to}
              title={entry.label}
              description={webModuleSummary(entry.key)}
              icon={<WebModuleIcon module={entry.key} size={24} />}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
