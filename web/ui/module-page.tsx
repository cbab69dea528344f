import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * The frame of a module's screen outside an office area (a field training binder, a report): a
 * breadcrumb trail, the heading (also the window's title), a line of explanation and the screen's actions.
 */
export function ModulePage(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: { label: string; to: string }[];
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={1100} w="100%" miw={0}>
      <PageHeader title={props.title} description={props.description} actions={props.actions} breadcrumbs={props.breadcrumbs} />
      {props.children}
    </Stack>
  );
}
