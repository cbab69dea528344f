import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status in a few words on a tinted badge. The text keeps the theme's own colour: a light badge's
 * tinted text fails contrast in one theme or the other. A module keeps its statuses' words and colours
 * in one badge file (web/fleet/fleet-badges.tsx, web/admin/admin-badges.tsx) and draws them with this.
 */
export function StatusBadge(props: { color: string; variant?: 'light' | 'outline'; leftSection?: ReactNode; children: ReactNode }) {
  return (
    <Badge
      color={props.color}
      variant={props.variant ?? 'light'}
      c="var(--mantine-color-text)"
      leftSection={props.leftSection}
      style={{ flexShrink: 0 }}
    >
      {props.children}
    </Badge>
  );
}
