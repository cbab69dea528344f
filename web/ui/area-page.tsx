import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { SectionBar, type Section } from './section-bar.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * The frame of every screen of an area with its own sections (the admin area, the fleet office): the
 * section bar, a breadcrumb trail, the heading, a line of explanation and the screen's actions.
 */
export function AreaPage(props: {
  sections: readonly Section[];
  /** The section bar's accessible name ("Admin sections"). */
  sectionsLabel: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: { label: string; to: string }[];
  children: ReactNode;
}) {
  usePageTitle(props.title);
  return (
    <Stack gap="md" maw={1200} miw={0}>
      <SectionBar sections={props.sections} label={props.sectionsLabel} />
      <PageHeader title={props.title} description={props.description} actions={props.actions} breadcrumbs={props.breadcrumbs} />
      {props.children}
    </Stack>
  );
}

/** What an area's screens give its frame (the area fills in its sections). */
export type AreaPageProps = Omit<Parameters<typeof AreaPage>[0], 'sections' | 'sectionsLabel'>;
