import { Group, Pagination, Text } from '@mantine/core';
import { Select } from './select.tsx';
import type { ReactNode } from 'react';
import { lastPage, PAGE_SIZES } from './paging.ts';

/**
 * The footer of a paginated table: which rows are shown (announced politely as they change) or a
 * summary of the screen's own, the rows-per-page choice when the screen offers one, and the pager
 * with named controls.
 */
export function TablePager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Offer the rows-per-page choice; choosing goes back to page 1. */
  onPageSize?: (pageSize: number) => void;
  /** Said instead of "1–25 of 80". */
  summary?: ReactNode;
}) {
  const { page, pageSize, total } = props;
  const pages = lastPage(total, pageSize);
  const shown = props.summary ?? (
    <Text fz="sm" c="dimmed" aria-live="polite">
      {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, total)} of {total}
    </Text>
  );
  const onPageSize = props.onPageSize;
  return (
    <Group justify="space-between" gap="sm">
      {onPageSize ? (
        <Group gap="sm">
          {shown}
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
            value={String(pageSize)}
            onChange={(value) => onPageSize(Number(value))}
            allowDeselect={false}
            w={130}
            size="xs"
          />
        </Group>
      ) : (
        shown
      )}
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={props.onPage}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
