/**
 * What Mantine's TableScrollContainer gets for its ScrollArea import (vite.config.ts,
 * `tableWithoutScrollArea`). Importing `Table` imports its ScrollContainer, and with it the whole
 * ScrollArea (about 5 kB gz), into every screen that has a table. Precinct scrolls tables with
 * web/ui/table-scroll.tsx, and lint keeps `Table.ScrollContainer` out, so this is never drawn.
 */
export function ScrollArea(): never {
  throw new Error('Table.ScrollContainer is not available here: use TableScroll from web/ui/table-scroll.tsx.');
}
ScrollArea.Autosize = ScrollArea;
