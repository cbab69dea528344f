import { Box, Button, Card, Group, Stack, Table, Text, UnstyledButton, type TableTdProps, type TableThProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Select } from '../ui/select.tsx';
import { EmptyState, ErrorState, LoadingState } from '../ui/states.tsx';
import { TablePager } from '../ui/table-pager.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';
import { errorMessage } from './api-error.ts';
import { toggleSort, type SortOrder } from './url-search.ts';

/**
 * The office's lists: a page of rows the server searched, filtered, sorted and paged (the screen keeps
 * that state in its URL, web/lib/url-search.ts), shown as a table with sortable headers and a pager,
 * and on a phone (under 600 px) as one card a row, with the row's heading, status and other fields
 * labelled, instead of a table scrolled sideways.
 */

/** Under 37.5em (600 px) rows are cards. */
export const PHONE_QUERY = '(max-width: 37.5em)';

export type ListColumn<TRow, TSort extends string = string> = {
  /** The column's name: its header, and the label of its value on a card. */
  label: string;
  /** What the header shows instead of the label (a visually hidden label for a picture column). */
  header?: ReactNode;
  /** The server's sort key for this column: its header becomes a button that sorts by it. */
  sort?: TSort;
  cell: (row: TRow) => ReactNode;
  /**
   * Where the value goes on a card: its heading (`title`), a picture before the heading (`media`),
   * beside the heading with the status badges (`status`), a labelled line (`field`, the default), or
   * nowhere (`none`, for what the heading already says).
   */
  card?: 'title' | 'media' | 'status' | 'field' | 'none';
  /** The value on a card when it should read differently from the table's cell. */
  cardCell?: (row: TRow) => ReactNode;
  th?: Omit<TableThProps, 'children'>;
  /** The table cell's props (a style, a title, a data-testid), the same for every row or from the row. */
  td?: CellProps | ((row: TRow) => CellProps);
};

type CellProps = Omit<TableTdProps, 'children'> & { [data: `data-${string}`]: string };

/** What the list needs of a query for a page of rows (TanStack Query's result fits). */
export type ListQuery<TRow> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { items: TRow[]; total: number } | undefined;
};

export type ListSort<TSort extends string> = {
  by: TSort;
  order: SortOrder;
  /** Sorts by a column, or flips the order when it already sorts (toggleSort). */
  onSort: (column: TSort) => void;
};

export type ListPager = {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Offers the rows-per-page choice. */
  onPageSize?: (pageSize: number) => void;
  /** What the pager says instead of "1–25 of 80" (the screen's own count). */
  summary?: ReactNode;
};

/**
 * The sort and the pager of a list whose state is its URL's (web/lib/url-search.ts): `go` navigates to
 * the new state. A header click sorts (toggleSort, back to page 1); a page size change goes back to
 * page 1. Spread into the list: `<ListView {...listControls(state, go)} … />`.
 */
export function listControls<TState extends { sort: string; order: SortOrder; page: number; page_size: number }>(
  state: TState,
  go: (next: TState) => void,
): { sort: ListSort<TState['sort']>; pager: ListPager } {
  return {
    sort: { by: state.sort, order: state.order, onSort: (column) => go(toggleSort(state, column)) },
    pager: {
      page: state.page,
      pageSize: state.page_size,
      onPage: (page) => go({ ...state, page }),
      onPageSize: (pageSize) => go({ ...state, page_size: pageSize, page: 1 }),
    },
  };
}

export type ListViewProps<TRow, TSort extends string> = {
  /** The table's and the card list's accessible name ("Users"). */
  label: string;
  query: ListQuery<TRow>;
  columns: ListColumn<TRow, TSort>[];
  rowKey: (row: TRow) => string;
  /** data-testid of each row (and card). */
  rowTestId?: string;
  /** Said while the first page loads ("Loading users…"). */
  loadingLabel: string;
  /** Said when there is no row: what to do differs with filters on or off. */
  empty: { title: string; children?: ReactNode };
  /** Below this width the table scrolls inside its frame (tablets); phones get cards. */
  minWidth: number;
  sort?: ListSort<TSort>;
  pager: ListPager;
  /** A row's actions: a last column of the table, and the foot of the card. */
  actions?: (row: TRow) => ReactNode;
  /**
   * A click anywhere on a row (or card) that is not on a link, button or field: opens the row, as its
   * title's link does for the keyboard and screen readers (so the row itself needs no role).
   */
  onRowClick?: (row: TRow) => void;
  /**
   * What a row shows when opened (the audit log's before and after), null while it is closed: a
   * full-width row under the table's row, with the id `detailId(row)` for the opening button's
   * aria-controls; the foot of the card on a phone.
   */
  detail?: (row: TRow) => ReactNode;
  detailId?: (row: TRow) => string;
};

/** The row's click handler, passing over clicks meant for a control inside it. */
function rowClick<TRow>(onRowClick: ((row: TRow) => void) | undefined, row: TRow) {
  if (!onRowClick) return {};
  return {
    onClick: (event: MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest('a, button, input, label, select, textarea, [role="checkbox"]')) return;
      onRowClick(row);
    },
    style: { cursor: 'pointer' },
  };
}

function tdProps<TRow>(column: ListColumn<TRow, string>, row: TRow) {
  return typeof column.td === 'function' ? column.td(row) : column.td;
}

/** Nothing to show: no line on a card for it. */
function isBlank(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

function SortableHeader(props: {
  label: ReactNode;
  active: boolean;
  order: SortOrder;
  onSort: () => void;
  th?: Omit<TableThProps, 'children'>;
}) {
  const Icon = !props.active ? IconArrowsSort : props.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={props.active ? (props.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
      {...props.th}
    >
      <UnstyledButton onClick={props.onSort} fz="sm" fw={700}>
        <Group gap={4} wrap="nowrap">
          {props.label}
          <Icon aria-hidden size={14} stroke={1.8} style={{ opacity: props.active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A table's header cells: a column the server sorts by is a button that sorts by it (or flips the order). */
export function ListHeaderCells<TRow, TSort extends string>({
  columns,
  sort,
}: {
  columns: ListColumn<TRow, TSort>[];
  sort?: ListSort<TSort> | undefined;
}) {
  return columns.map((column) =>
    column.sort !== undefined && sort ? (
      <SortableHeader
        key={column.label}
        label={column.header ?? column.label}
        active={sort.by === column.sort}
        order={sort.order}
        onSort={() => sort.onSort(column.sort as TSort)}
        th={column.th}
      />
    ) : (
      <Table.Th key={column.label} scope="col" {...column.th}>
        {column.header ?? column.label}
      </Table.Th>
    ),
  );
}

function ListTable<TRow, TSort extends string>(props: ListViewProps<TRow, TSort> & { rows: TRow[] }) {
  const { sort } = props;
  return (
    <TableScroll minWidth={props.minWidth}>
      <Table striped verticalSpacing="xs" aria-label={props.label} aria-busy={props.query.isFetching}>
        <Table.Thead>
          <Table.Tr>
            <ListHeaderCells columns={props.columns} sort={sort} />
            {props.actions ? <Table.Th scope="col">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => {
            const detail = props.detail?.(row);
            return (
              <Fragment key={props.rowKey(row)}>
                <Table.Tr data-testid={props.rowTestId} {...rowClick(props.onRowClick, row)}>
                  {props.columns.map((column) => (
                    <Table.Td key={column.label} {...tdProps(column, row)}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {props.actions ? <Table.Td>{props.actions(row)}</Table.Td> : null}
                </Table.Tr>
                {isBlank(detail) ? null : (
                  <Table.Tr id={props.detailId?.(row)}>
                    <Table.Td colSpan={props.columns.length + (props.actions ? 1 : 0)}>{detail}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** On a phone the headers are gone: the sort is a choice of column and a button that flips the order. */
function CardSort<TSort extends string>({ sort, columns }: { sort: ListSort<TSort>; columns: ListColumn<unknown, TSort>[] }) {
  const sortable = columns.filter((column) => column.sort !== undefined);
  if (sortable.length === 0) return null;
  const Icon = sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Sort by"
        size="sm"
        data={sortable.map((column) => ({ value: column.sort as string, label: column.label }))}
        value={sort.by}
        onChange={(value) => {
          if (value && value !== sort.by) sort.onSort(value as TSort);
        }}
        allowDeselect={false}
        style={{ flex: '1 1 auto', minWidth: 0 }}
      />
      <Button
        variant="default"
        size="sm"
        leftSection={<Icon aria-hidden size={16} />}
        onClick={() => sort.onSort(sort.by)}
        style={{ flex: 'none' }}
      >
        {sort.order === 'asc' ? 'Ascending' : 'Descending'}
      </Button>
    </Group>
  );
}

export type ListCardsProps<TRow, TSort extends string> = Pick<
  ListViewProps<TRow, TSort>,
  'label' | 'columns' | 'rowKey' | 'rowTestId' | 'actions' | 'onRowClick' | 'detail' | 'detailId'
> & {
  rows: TRow[];
  /** The rows are being read again. */
  busy?: boolean;
  id?: string;
  /** Folded away (a grouped list's section): gone from view and from the reading order. */
  hidden?: boolean;
};

/** Rows as cards, for a phone: the list's own, and a grouped list's sections. */
export function ListCards<TRow, TSort extends string>(props: ListCardsProps<TRow, TSort>) {
  const valueOf = (column: ListColumn<TRow, TSort>, row: TRow) => (column.cardCell ?? column.cell)(row);
  const placed = (place: NonNullable<ListColumn<TRow, TSort>['card']>) =>
    props.columns.filter((column) => (column.card ?? 'field') === place);
  const [titles, media, statuses, fields] = [placed('title'), placed('media'), placed('status'), placed('field')];
  return (
    <Stack
      id={props.id}
      hidden={props.hidden}
      gap="xs"
      component="ul"
      aria-label={props.label}
      aria-busy={props.busy}
      // A Stack's display would win over `hidden` alone.
      style={{ listStyle: 'none', margin: 0, padding: 0, display: props.hidden ? 'none' : undefined }}
    >
      {props.rows.map((row) => {
        const lines = fields.map((column) => ({ column, value: valueOf(column, row) })).filter((line) => !isBlank(line.value));
        const detail = props.detail?.(row);
        return (
          <Card
            key={props.rowKey(row)}
            component="li"
            withBorder
            padding="sm"
            data-testid={props.rowTestId}
            miw={0}
            {...rowClick(props.onRowClick, row)}
          >
            <Stack gap="xs" miw={0}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" miw={0}>
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  {media.map((column) => (
                    <Box key={column.label} style={{ flex: 'none' }}>
                      {valueOf(column, row)}
                    </Box>
                  ))}
                  <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
                    {titles.map((column) => (
                      <Fragment key={column.label}>{valueOf(column, row)}</Fragment>
                    ))}
                  </Stack>
                </Group>
                {statuses.length > 0 ? (
                  <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                    {statuses.map((column) => (
                      <Fragment key={column.label}>{valueOf(column, row)}</Fragment>
                    ))}
                  </Stack>
                ) : null}
              </Group>
              {lines.length > 0 ? (
                <Box
                  component="dl"
                  m={0}
                  style={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: '2px 12px' }}
                >
                  {lines.map(({ column, value }) => (
                    <Fragment key={column.label}>
                      <Text component="dt" fz="xs" c="dimmed" lh={1.6}>
                        {column.label}
                      </Text>
                      <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                        {value}
                      </Text>
                    </Fragment>
                  ))}
                </Box>
              ) : null}
              {props.actions ? (
                <Group gap="xs" wrap="wrap">
                  {props.actions(row)}
                </Group>
              ) : null}
              {isBlank(detail) ? null : (
                <Box id={props.detailId?.(row)} miw={0}>
                  {detail}
                </Box>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/** A server-paged list: loading, error and empty states, then the table (or cards on a phone) and the pager. */
export function ListView<TRow, TSort extends string = string>(props: ListViewProps<TRow, TSort>) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { query } = props;
  if (query.isPending) return <LoadingState label={props.loadingLabel} />;
  if (query.isError || !query.data) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const rows = query.data.items;
  if (rows.length === 0) return <EmptyState title={props.empty.title}>{props.empty.children}</EmptyState>;
  return (
    <Stack gap="sm" miw={0}>
      {phone ? (
        <>
          {props.sort ? <CardSort sort={props.sort} columns={props.columns as ListColumn<unknown, TSort>[]} /> : null}
          <ListCards {...props} rows={rows} busy={props.query.isFetching} />
        </>
      ) : (
        <ListTable {...props} rows={rows} />
      )}
      <TablePager
        page={props.pager.page}
        pageSize={props.pager.pageSize}
        total={query.data.total}
        onPage={props.pager.onPage}
        onPageSize={props.pager.onPageSize}
        summary={props.pager.summary}
      />
    </Stack>
  );
}
