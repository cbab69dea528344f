import type { MaintenanceItem } from '../../../core/contracts/fleet.ts';

const miles = (n: number) => `${Math.abs(n).toLocaleString('en-US')} mi`;
const days = (n: number) => `${Math.abs(n)} day${Math.abs(n) === 1 ? '' : 's'}`;

/** "Overdue by 300 mi", "Due in 12 days or 450 mi", "OK: next in 4,200 mi": what a fleet manager reads at a glance. */
export function describeMaintenance(item: Pick<MaintenanceItem, 'state' | 'miles_left' | 'days_left' | 'active'>): string {
  if (!item.active) return 'Not tracked';
  const parts: string[] = [];
  if (item.state === 'overdue') {
    if (item.miles_left !== null && item.miles_left <= 0) parts.push(miles(item.miles_left));
    if (item.days_left !== null && item.days_left < 0) parts.push(days(item.days_left));
    return `Overdue by ${parts.join(' and ')}`;
  }
  if (item.days_left !== null) parts.push(days(item.days_left));
  if (item.miles_left !== null) parts.push(miles(item.miles_left));
  return item.state === 'due_soon' ? `Due in ${parts.join(' or ')}` : `Next in ${parts.join(' or ')}`;
}

export const MAINTENANCE_BADGE = {
  ok: { label: 'OK', color: 'green' },
  due_soon: { label: 'Due soon', color: 'yellow' },
  overdue: { label: 'Overdue', color: 'red' },
} as const;
