import { Box, type BoxProps, type ElementProps } from '@mantine/core';

/**
 * A wide table's scroll, the browser's own: what Mantine's `Table.ScrollContainer` draws with
 * `type="native"`. Mantine's default draws its ScrollArea instead, and importing `Table` pulls that
 * ScrollArea (about 5 kB gz) into every screen with a table, though nothing here uses it: vite.config.ts
 * cuts the import, and lint keeps `Table.ScrollContainer` out. On the touch screens of patrol cars the
 * two scroll the same way; on a desktop this one shows the system's scroll bar, in the colour scheme's
 * colours.
 */
export function TableScroll({
  minWidth,
  mah,
  children,
  ...others
}: Omit<BoxProps & ElementProps<'div'>, 'style'> & {
  /** The table's narrowest width: narrower screens scroll it sideways. */
  minWidth: number;
  /** A height past which the table scrolls down too. */
  mah?: number;
}) {
  return (
    <Box {...others} style={{ overflowX: 'auto', ...(mah === undefined ? {} : { maxHeight: mah, overflowY: 'auto' }) }}>
      <Box style={{ minWidth }}>{children}</Box>
    </Box>
  );
}
