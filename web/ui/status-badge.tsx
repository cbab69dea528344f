import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status in a few words on a tinted badge. The text keeps the theme's own colour: a light badge's
 * tinted text fails contrast in one theme or the other. A module keeps its statuses' words and colours
 * in one badge file (web/fleet/fleet-badges.tsx, web/admin/admin-badges.tsx) and draws them with this.
 * A status always reads in full: Mantine's badge may shrink to an ellipsis, which a table squeezing its
 * columns did to every status ("IN SE…"), so the badge is never narrower than its words.
 */
export function StatusBadge(props: { color: string; variant?: 'light' | 'outline'; leftSection?: ReactNode; children: ReactNode }) {
  return (
    <Badge
      color={props.color}
      variant={props.variant ?? 'light'}
      c="var(--mantine-color-text)"
      leftSection={props.leftSection}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {props.children}
    </Badge>
  );
}
