import { REPORT_STATUS_LABELS, type ReportStatus } from '../../core/contracts/reports.ts';
import { ModulePage } from '../ui/module-page.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

/** The reports module's shared pieces: the frame of its screens and its status badge. */

/** The frame of a reports screen. */
export const ReportsPage = ModulePage;

const STATUS_COLORS: Record<ReportStatus, string> = { draft: 'gray', submitted: 'blue', returned: 'orange', approved: 'green' };

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{REPORT_STATUS_LABELS[status]}</StatusBadge>;
}

/** A wall-clock time as the author wrote it (`2026-11-20T01:40`, the agency's time zone) as mm/dd/yy 01:40; '' for none. */
export function localStamp(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]!.slice(2)} ${match[4]}` : '';
}
