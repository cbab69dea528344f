import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPORT_STATUS_LABELS, type ReportStatus } from '../../core/contracts/reports.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** The reports module's shared pieces: the frame of its screens and its status badge. */

export function ReportsPage(props: {
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

const STATUS_COLORS: Record<ReportStatus, string> = { draft: 'gray', submitted: 'blue', returned: 'orange', approved: 'green' };

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{REPORT_STATUS_LABELS[status]}</StatusBadge>;
}

/** A wall-clock time as the author wrote it (`2026-11-20T01:40`, the agency's time zone) as mm/dd/yy 01:40; '' for none. */
export function localStamp(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]!.slice(2)} ${match[4]}` : '';
}
