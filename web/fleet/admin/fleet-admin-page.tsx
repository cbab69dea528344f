import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/page-header.tsx';
import { SectionBar } from '../../ui/section-bar.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The fleet office's sections, in the order of the section bar. */
const SECTIONS = [
  { to: '/fleet/admin', label: 'Dashboard', match: (path: string) => path === '/fleet/admin' },
  { to: '/fleet/admin/vehicle', label: 'Vehicles', match: (path: string) => path.startsWith('/fleet/admin/vehicle') },
  { to: '/fleet/admin/servicerequest', label: 'Service requests', match: (path: string) => path.startsWith('/fleet/admin/servicerequest') },
  {
    to: '/fleet/admin/squadchecks',
    label: 'Squad checks',
    match: (path: string) => path.startsWith('/fleet/admin/squadchecks') && !path.startsWith('/fleet/admin/squadchecks/configure'),
  },
  {
    to: '/fleet/admin/squadchecks/configure',
    label: 'Templates',
    match: (path: string) => path.startsWith('/fleet/admin/squadchecks/configure'),
  },
] as const;

function FleetSections() {
  return <SectionBar sections={SECTIONS} label="Fleet office sections" />;
}

/** The frame of every fleet-office screen: section bar, breadcrumbs, heading, explanation, actions. */
export function FleetAdminPage(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: { label: string; to: string }[];
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={1200} miw={0}>
      <FleetSections />
      <PageHeader title={props.title} description={props.description} actions={props.actions} breadcrumbs={props.breadcrumbs} />
      {props.children}
    </Stack>
  );
}

/** A label for a key from the agency's list (vehicle type, service category), or the key itself. */
export function labelOf(list: { key: string; label: string }[] | undefined, key: string): string {
  return list?.find((entry) => entry.key === key)?.label ?? key;
}
