import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../ui/page-header.tsx';
import { SectionBar } from '../ui/section-bar.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The admin area's sections, in the order of the section bar. */
const SECTIONS = [
  { to: '/admin', label: 'Overview', match: (path: string) => path === '/admin' },
  { to: '/admin/users', label: 'Users', match: (path: string) => path.startsWith('/admin/users') },
  { to: '/admin/access', label: 'Access', match: (path: string) => path.startsWith('/admin/access') },
  {
    to: '/admin/modules',
    label: 'Modules',
    match: (path: string) => path.startsWith('/admin/modules') && !path.startsWith('/admin/modules/agency'),
  },
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
      <PageHeader title={props.title} description={props.description} actions={props.actions} breadcrumbs={props.breadcrumbs} />
      {props.children}
    </Stack>
  );
}
