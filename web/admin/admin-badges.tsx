import { IconLock } from '@tabler/icons-react';
import type { UserStatus } from '../../core/contracts/auth.ts';
import { StatusBadge } from '../ui/status-badge.tsx';

/** The admin area's statuses, in words and colours, the same on every admin screen. */

const USER_STATUS_COLORS: Record<UserStatus, string> = { active: 'green', invited: 'blue', disabled: 'gray' };
const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <StatusBadge color={USER_STATUS_COLORS[status]}>{USER_STATUS_LABELS[status]}</StatusBadge>;
}

export function userStatusLabel(status: UserStatus): string {
  return USER_STATUS_LABELS[status];
}

/** Too many failed sign-ins: the account is locked until it is unlocked. */
export function LockedBadge() {
  return (
    <StatusBadge color="red" leftSection={<IconLock aria-hidden size={12} />}>
      Locked
    </StatusBadge>
  );
}
