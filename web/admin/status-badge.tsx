import { Badge } from '@mantine/core';
import type { UserStatus } from '../../core/contracts/auth.ts';

const COLORS: Record<UserStatus, string> = { active: 'green', invited: 'blue', disabled: 'gray' };
const LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" c="var(--mantine-color-text)">
      {LABELS[status]}
    </Badge>
  );
}

export function statusLabel(status: UserStatus): string {
  return LABELS[status];
}
