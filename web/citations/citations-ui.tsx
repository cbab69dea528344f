import { CITATION_KIND_LABELS, CITATION_STATUS_LABELS, type CitationKind, type CitationStatus } from '../../core/contracts/citations.ts';
import { ModulePage } from '../ui/module-page.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

/** The citations module's shared pieces: the frame of its screens, its badges and how a stop's time reads. */

export const CitationsPage = ModulePage;

const STATUS_COLORS: Record<CitationStatus, string> = { draft: 'gray', validated: 'blue', issued: 'green', filed: 'teal', void: 'red' };

export function CitationStatusBadge({ status }: { status: CitationStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{CITATION_STATUS_LABELS[status]}</StatusBadge>;
}

export function CitationKindBadge({ kind }: { kind: CitationKind }) {
  return (
    <StatusBadge color={kind === 'warning' ? 'yellow' : 'indigo'} variant="outline">
      {CITATION_KIND_LABELS[kind]}
    </StatusBadge>
  );
}

/** A stop's wall-clock time (`2026-11-20T01:40`, the agency's time zone) as 11/20/26 01:40; '' for none. */
export function localStamp(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]!.slice(2)} ${match[4]}` : '';
}

/** A calendar date (2026-12-07) as 12/07/26; '' for none. */
export function calendarDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]!.slice(2)}` : '';
}
