import { Badge } from '@mantine/core';
import type { BinderStatus, DorStatus } from '../../core/contracts/fto.ts';
import { isFailing, ratingScore, type Rating } from '../../core/fto/ratings.ts';
import { AreaPage, type AreaPageProps } from '../ui/area-page.tsx';
import { ModulePage } from '../ui/module-page.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

/** Field training's shared pieces: the frames of its screens, its status badges and rating chips. */

const ADMIN_SECTIONS = [
  { to: '/fto/admin', label: 'Program state', match: (path: string) => path === '/fto/admin' },
  { to: '/fto/admin/binder/list', label: 'Binders', match: (path: string) => path.startsWith('/fto/admin/binder') },
  { to: '/fto/admin/trainers', label: 'Trainers', match: (path: string) => path.startsWith('/fto/admin/trainers') },
] as const;

/** The coordinator's screens (/fto/admin…): their sections, breadcrumbs, heading and actions. */
export function FtoAdminPage(props: AreaPageProps) {
  return <AreaPage sections={ADMIN_SECTIONS} sectionsLabel="Field training office sections" {...props} />;
}

/** The trainee's and trainer's screens (/fto, a binder and its DORs). */
export const FtoPage = ModulePage;

const DOR_STATUS: Record<DorStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  completed: { label: 'Waiting for the trainee', color: 'yellow' },
  acknowledged: { label: 'Waiting for approval', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
};

export function DorStatusBadge({ status }: { status: DorStatus }) {
  return <StatusBadge color={DOR_STATUS[status].color}>{DOR_STATUS[status].label}</StatusBadge>;
}

const BINDER_STATUS: Record<BinderStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  extended: { label: 'Phase extended', color: 'yellow' },
  remedial: { label: 'Remedial training', color: 'orange' },
  completed: { label: 'Completed', color: 'blue' },
  released: { label: 'Released', color: 'gray' },
};

export function BinderStatusBadge({ status }: { status: BinderStatus }) {
  return <StatusBadge color={BINDER_STATUS[status].color}>{BINDER_STATUS[status].label}</StatusBadge>;
}

/** A rating as a small chip: red below acceptable, green from 4, grey when not observed. */
export function RatingChip({ rating, label }: { rating: Rating | null | undefined; label?: string }) {
  if (!rating)
    return (
      <Badge variant="outline" color="gray">
        —
      </Badge>
    );
  const score = ratingScore(rating);
  const color = rating === 'NO' ? 'gray' : isFailing(rating) ? 'red' : score !== null && score >= 6 ? 'teal' : 'green';
  const text = rating === 'NO' ? 'N.O.' : rating === 'NRT' ? 'N.R.T.' : rating;
  return (
    <Badge variant="light" color={color} c="var(--mantine-color-text)" aria-label={label ? `${label}: ${text}` : undefined} miw={44}>
      {text}
    </Badge>
  );
}

/** A calendar date (YYYY-MM-DD: a shift's day, a start date) as the app writes dates, mm/dd/yy, with no time zone to shift it. */
export function calendarDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${month}/${day}/${year!.slice(2)}`;
}

/** Today on this device as YYYY-MM-DD, the default of a date field (the server checks it against the agency's today). */
export function deviceToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
