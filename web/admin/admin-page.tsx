import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SectionBar } from '../ui/section-bar.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The admin area's sections, in the order of the section bar. */
const SECTIONS = [
  { to: '/admin', label: 'Overview', match: (path: string) => path === '/admin' },
  { to: '/admin/users', label: 'Users', match: (path: string) => path.startsWith('/admin/users') },
  { to: '/admin/access', label: 'Access', match: (path: string) => path.startsWith('/admin/access') },
  { to: '/admin/modules', label: 'Modules', match: (path: string) => path.startsWith('/admin/modules') && !path.startsWith('/admin/modules/agency') },
  { to: '/admin/modules/agency', label: 'Agency profile', match: (path: string) => path.startsWith('/admin/modules/agency') },
] as const;

function AdminSections() {
  return <SectionBar sections={SECTIONS} label="Admin sections" />;
}

/**
 * The frame of every admin screen: the section bar, a breadcrumb trail, the heading, a line of
 * explanation and the screen's actions.
 */
export function AdminPage(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: { label: string; to: string }[];
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={1200}>
      <AdminSections />
      {props.breadcrumbs && props.breadcrumbs.length > 0 ? (
        <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
          {props.breadcrumbs.map((crumb) => (
            <Anchor key={crumb.to} component={Link} to={crumb.to} fz="sm">
              {crumb.label}
            </Anchor>
          ))}
          <Text fz="sm" aria-current="page">
            {props.title}
          </Text>
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {props.title}
          </Title>
          {props.description ? (
            <Text c="dimmed" fz="sm">
              {props.description}
            </Text>
          ) : null}
        </Stack>
        {props.actions ? (
          <Group gap="xs" wrap="wrap">
            {props.actions}
          </Group>
        ) : null}
      </Group>
      {props.children}
    </Stack>
  );
}
