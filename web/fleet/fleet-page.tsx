import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../ui/page-header.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The frame of the officer's fleet screens: a way back to Fleet, the heading, a line of explanation and actions. */
export function FleetPage(props: { title: string; description?: ReactNode; actions?: ReactNode; back?: boolean; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={960} w="100%">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={props.actions}
        breadcrumbs={props.back ? [{ label: 'Fleet', to: '/fleet' }] : undefined}
      />
      {props.children}
    </Stack>
  );
}
