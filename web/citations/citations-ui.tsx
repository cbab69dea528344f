import type { CSSProperties } from 'react';
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

/**
 * Mantine's error red (red-8 in the dark theme) reads at 3.3:1 on a card in the dark: on a form of this
 * module it is red-9 in the light theme and red-4 in the dark, both over 4.5:1 on a card.
 */
export const READABLE_ERRORS = {
  '--mantine-color-error': 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
} as CSSProperties;
