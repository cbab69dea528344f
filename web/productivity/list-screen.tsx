import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconCloudOff, IconDownload } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Fragment, useId, useState } from 'react';
import { TASK_GROUPS } from '../../core/contracts/list-values.ts';
import type { Space, TaskSummary } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { ListCards, ListHeaderCells, listControls, ListView, PHONE_QUERY, type ListColumn, type ListSort } from '../lib/list-view.tsx';
import { SearchBox } from '../lib/search-box.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { ModulePage } from '../ui/module-page.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { TablePager } from '../ui/table-pager.tsx';
import { BoardView } from './board-view.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { CreateTaskModal, type CreateOutcome, type RefusedTask } from './create-task-modal.tsx';
import { downloadTasksCsv, useKeptTasks } from './make-task-calls.ts';
import { useListTasks, useSpace, useSpaceTemplates, useTaskList, useUpdateTask } from './productivity-calls.ts';
import { listTasksQuery, type ListSearch } from './productivity-search.ts';
import { dueText, PriorityBadge } from './productivity-ui.tsx';
import { TaskDrawer } from './task-drawer.tsx';
import { agencyWeek, GROUP_BY_LABELS, sectionKeysOf, taskSections, type TaskGroupBy } from './task-groups.ts';
import { TableScroll } from '../ui/table-scroll.tsx';

type Sort = ListSearch['sort'];

/**
 * /productivity/list/{list}: the list's tasks as a table (sorted, filtered by status, assignee and
 * label, grouped by status, priority, assignee or due date, a page at a time; the status changed in
 * its row; rows selected for a bulk change or for print) or as a board (a column per status of the
 * space's workflow). A task opens in a drawer; its id is in the URL.
 */
export function ListScreen() {
  const { list: id } = useParams({ from: '/_app/productivity/list/$list' });
  const list = useTaskList(id);
  const space = useSpace(list.data?.space_id ?? null);
  if (list.isPending || (list.isSuccess && space.isPending)) return <LoadingState label="Loading the list…" />;
  if (list.isError) return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  if (space.isError || !space.data) return <ErrorState message={errorMessage(space.error)} onRetry={() => void space.refetch()} />;
  return <ListView_ listId={id} listName={list.data.name} space={space.data} />;
}

function ListView_({ listId, listName, space }: { listId: string; listName: string; space: Space }) {
  const state = useSearch({ from: '/_app/productivity/list/$list' });
  const navigate = useNavigate();
  const go = (next: ListSearch, replace = false) =>
    void navigate({ to: '/productivity/list/$list', params: { list: listId }, search: next, replace });
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const kept = useKeptTasks((task) => task.listId === listId);
  // Read ahead for the new-task form and kept on the device with the list's own reads: reloaded offline, the form still offers them.
  useSpaceTemplates(space.id);
  // A refused new task opened from the outbox (?outbox=<id>, which the list's own search leaves out), or from the list below.
  const fromOutbox = useLocation({ select: (location) => (location.search as Record<string, unknown>).outbox });
  const [fixingId, setFixingId] = useState<string | null>(null);
  const fixingKey = fixingId ?? (typeof fromOutbox === 'string' ? fromOutbox : null);
  const fixing = kept.find(({ item }) => item.id === fixingKey && item.state === 'rejected') ?? null;
  const closeForm = (outcome?: CreateOutcome) => {
    setCreating(false);
    setFixingId(null);
    if (outcome?.kind === 'queued') setQueued(outcome.summary);
    if (typeof fromOutbox === 'string') go(state, true);
  };
  const [selected, setSelected] = useState<ReadonlyMap<string, TaskSummary>>(new Map());
  const toggle = (task: TaskSummary, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(task.id, task);
      else next.delete(task.id);
      return next;
    });
  const printMore = [...selected.keys()].slice(1).join(',');
  const firstSelected = [...selected.keys()][0];

  return (
    <ModulePage
      title={listName}
      breadcrumbs={[
        { label: 'My tasks', to: '/productivity' },
        { label: space.name, to: `/productivity/space/${space.id}` },
      ]}
      actions={
        <>
          <SegmentedControl
            aria-label="View"
            value={state.view}
            onChange={(view) => go({ ...state, view: view as ListSearch['view'] })}
            data={[
              { value: 'table', label: 'Table' },
              { value: 'board', label: 'Board' },
            ]}
          />
          {state.view === 'table' ? <ExportButton listId={listId} listName={listName} state={state} /> : null}
          <Button onClick={() => setCreating(true)}>New task</Button>
        </>
      }
    >
      {queued ? (
        <Alert
          mb="sm"
          color="blue"
          variant="light"
          title={`${queued}: not sent yet`}
          icon={<IconCloudOff aria-hidden />}
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setQueued(null)}
        >
          Saved on this device; it will be sent when you are back online. It waits in the outbox at the top of the page.
        </Alert>
      ) : null}
      {kept.length > 0 ? <KeptTasks kept={kept} onFix={setFixingId} /> : null}
      {state.view === 'board' ? (
        <BoardView listId={listId} space={space} onOpen={(task) => go({ ...state, task })} />
      ) : (
        <Stack gap="sm" miw={0}>
          <Filters state={state} go={go} space={space} />
          {selected.size > 0 ? (
            <Group gap="sm" wrap="wrap">
              <Text fz="sm" fw={600}>
                {selected.size} selected
              </Text>
              {firstSelected ? (
                <Button
                  variant="default"
                  size="xs"
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/productivity/print/task/$task_id"
                      params={{ task_id: firstSelected }}
                      search={printMore ? { more: printMore } : {}}
                      target="_blank"
                    />
                  )}
                >
                  Print the selected tasks
                </Button>
              ) : null}
              <Button variant="subtle" size="xs" onClick={() => setSelected(new Map())}>
                Clear the selection
              </Button>
            </Group>
          ) : null}
          {selected.size > 0 ? (
            <BulkBar
              space={space}
              tasks={[...selected.values()]}
              onDone={(message) => {
                setNotice(message);
                setSelected(new Map());
              }}
            />
          ) : null}
          {notice ? (
            <Text fz="sm" role="status">
              {notice}
            </Text>
          ) : null}
          <TaskTable listId={listId} space={space} state={state} go={go} selected={selected} toggle={toggle} />
        </Stack>
      )}
      <CreateTaskModal opened={creating || fixing !== null} onClose={closeForm} listId={listId} space={space} refused={fixing} />
      <TaskDrawer taskId={state.task} onClose={() => go({ ...state, task: null }, true)} />
    </ModulePage>
  );
}

function Filters({ state, go, space }: { state: ListSearch; go: (next: ListSearch) => void; space: Space }) {
  const [label, setLabel] = useState(state.label ?? '');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox label="Search tasks" placeholder="Title or description" value={state.q} onSearch={(q) => go({ ...state, q, page: 1 })} />
      <FilterSelect
        label="Status"
        any="Any open status"
        options={space.statuses.map((s) => ({ value: s.key, label: s.label }))}
        value={state.status}
        onChange={(status) => go({ ...state, status, page: 1 })}
      />
      <FilterSelect
        label="Assignee"
        any="Anyone"
        searchable
        options={space.members.map((p) => ({ value: p.id, label: p.name }))}
        value={state.assignee_id}
        onChange={(assignee_id) => go({ ...state, assignee_id, page: 1 })}
      />
      <TextInput
        label="Label"
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        onBlur={() => go({ ...state, label: label.trim() || null, page: 1 })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go({ ...state, label: label.trim() || null, page: 1 });
        }}
        style={{ flex: '0 1 10rem' }}
      />
      <Select
        label="Group by"
        data={TASK_GROUPS.map((value) => ({ value, label: GROUP_BY_LABELS[value] }))}
        value={state.group}
        allowDeselect={false}
        onChange={(group) => go({ ...state, group: (group ?? 'none') as ListSearch['group'], page: 1 })}
        style={{ flex: '0 1 10rem' }}
      />
      <Checkbox
        label="Show closed tasks"
        checked={state.closed === 'all'}
        onChange={(e) => go({ ...state, closed: e.currentTarget.checked ? 'all' : 'open', page: 1 })}
        mb={8}
      />
    </Group>
  );
}

function TaskTable(props: {
  listId: string;
  space: Space;
  state: ListSearch;
  go: (next: ListSearch) => void;
  selected: ReadonlyMap<string, TaskSummary>;
  toggle: (task: TaskSummary, on: boolean) => void;
}) {
  const { state, go, space } = props;
  const tasks = useListTasks(props.listId, listTasksQuery(state));
  const update = useUpdateTask();
  const [error, setError] = useState<string | null>(null);
  const columns: ListColumn<TaskSummary, Sort>[] = [
    {
      label: 'Select',
      header: <VisuallyHidden>Select</VisuallyHidden>,
      card: 'media',
      cell: (task) => (
        <Checkbox
          aria-label={`Select ${task.title}`}
          checked={props.selected.has(task.id)}
          onChange={(e) => props.toggle(task, e.currentTarget.checked)}
        />
      ),
    },
    {
      label: 'Title',
      sort: 'title',
      card: 'title',
      cell: (task) => (
        <Anchor
          renderRoot={(p) => (
            <Link {...p} to="/productivity/list/$list" params={{ list: props.listId }} search={{ ...state, task: task.id }} />
          )}
          fw={600}
          fz="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {task.title}
        </Anchor>
      ),
    },
    {
      label: 'Status',
      sort: 'status',
      cell: (task) => (
        <Select
          aria-label={`Status of ${task.title}`}
          size="xs"
          data={space.statuses.map((s) => ({ value: s.key, label: s.label }))}
          value={task.status}
          allowDeselect={false}
          onChange={(status) =>
            status &&
            status !== task.status &&
            update.mutate({ id: task.id, body: { status }, version: task.version }, { onError: (e) => setError(errorMessage(e)) })
          }
          w={140}
        />
      ),
    },
    { label: 'Priority', sort: 'priority', cell: (task) => <PriorityBadge priority={task.priority} /> },
    { label: 'Assignees', cell: (task) => task.assignees.map((p) => p.name).join(', ') },
    { label: 'Due', sort: 'due', cell: (task) => dueText(task) },
    { label: 'Labels', cell: (task) => task.labels.join(', ') },
    { label: 'Checklist', cell: (task) => (task.checklist_total ? `${task.checklist_done}/${task.checklist_total}` : '') },
  ];
  const controls = listControls(state, go);
  return (
    <Stack gap="xs" miw={0}>
      <FormErrorAlert message={error} />
      {state.group !== 'none' ? (
        <GroupedTasks group={state.group} space={space} query={tasks} columns={columns} pager={controls.pager} sort={controls.sort} />
      ) : (
        <ListView
          label="Tasks"
          query={tasks}
          columns={columns}
          rowKey={(task) => task.id}
          rowTestId="task-row"
          loadingLabel="Loading the tasks…"
          empty={{ title: 'No tasks here', children: 'Add a task with New task, or change the filters.' }}
          minWidth={860}
          {...controls}
        />
      )}
    </Stack>
  );
}

/**
 * The table grouped by status, priority, assignee or due date: a header per group with its count in the
 * whole filtered list, which folds the group's rows away and back; the rows of the page under their
 * group (a task with two assignees under each). A group whose rows are all on other pages says so. On a
 * phone the groups keep their headers and their rows are cards, with nothing to scroll sideways.
 */
function GroupedTasks(props: {
  group: TaskGroupBy;
  space: Space;
  query: ReturnType<typeof useListTasks>;
  columns: ListColumn<TaskSummary, Sort>[];
  pager: ReturnType<typeof listControls>['pager'];
  sort: ListSort<Sort>;
}) {
  const { query, columns, group } = props;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { timeZone } = useAgencyDates();
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  if (query.isPending) return <LoadingState label="Loading the tasks…" />;
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  if (items.length === 0) return <EmptyState title="No tasks here">Add a task with New task, or change the filters.</EmptyState>;
  const week = agencyWeek(new Date(), timeZone);
  const sections = taskSections(group, query.data, props.space, week).map((section, index) => ({
    ...section,
    rows: items.filter((task) => sectionKeysOf(group, task, week).includes(section.key)),
    open: !folded.has(section.key),
    rowsId: `${baseId}-group-${index}`,
  }));
  const fold = (key: string) =>
    setFolded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const header = (section: (typeof sections)[number]) => (
    <UnstyledButton
      onClick={() => fold(section.key)}
      aria-expanded={section.open}
      aria-controls={section.rowsId}
      fz="sm"
      fw={700}
      className="precinct-tap"
    >
      <Group gap={6} wrap="wrap">
        {section.open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        <span>{section.label}</span>
        <Badge variant="default" size="sm" c="var(--mantine-color-text)" aria-hidden>
          {section.count}
        </Badge>
        <VisuallyHidden>{section.count === 1 ? '1 task' : `${section.count} tasks`}</VisuallyHidden>
        {section.rows.length === 0 ? (
          <Text component="span" fz="xs" c="dimmed" fw={400}>
            on other pages
          </Text>
        ) : section.rows.length < section.count ? (
          <Text component="span" fz="xs" c="dimmed" fw={400}>
            {section.rows.length} on this page
          </Text>
        ) : null}
      </Group>
    </UnstyledButton>
  );
  return (
    <Stack gap="sm" miw={0}>
      {phone ? (
        <Stack gap="sm" miw={0} aria-label="Tasks" aria-busy={query.isFetching} role="group">
          {sections.map((section) => (
            <Stack key={section.key} gap={6} miw={0} component="section" aria-label={section.label}>
              <Title order={2} data-testid="task-group" fz="sm" bg="var(--mantine-color-default-hover)" px="xs" style={{ borderRadius: 4 }}>
                {header(section)}
              </Title>
              <ListCards
                id={section.rowsId}
                hidden={!section.open}
                label={section.label}
                rows={section.rows}
                columns={columns}
                rowKey={(task) => task.id}
                rowTestId="task-row"
              />
            </Stack>
          ))}
        </Stack>
      ) : (
        <TableScroll minWidth={860}>
          <Table verticalSpacing="xs" aria-label="Tasks" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <ListHeaderCells columns={columns} sort={props.sort} />
              </Table.Tr>
            </Table.Thead>
            {sections.map((section) => (
              <Fragment key={section.key}>
                <Table.Tbody>
                  <Table.Tr data-testid="task-group" bg="var(--mantine-color-default-hover)">
                    <Table.Th colSpan={columns.length} scope="rowgroup">
                      {header(section)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tbody>
                <Table.Tbody id={section.rowsId} hidden={!section.open}>
                  {section.rows.map((task) => (
                    <Table.Tr key={task.id} data-testid="task-row">
                      {columns.map((column) => (
                        <Table.Td key={column.label}>{column.cell(task)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Fragment>
            ))}
          </Table>
        </TableScroll>
      )}
      <TablePager
        page={props.pager.page}
        pageSize={props.pager.pageSize}
        total={total}
        onPage={props.pager.onPage}
        onPageSize={props.pager.onPageSize}
      />
    </Stack>
  );
}

/** The list's tasks as filtered on screen, every page of them, as a CSV file. */
function ExportButton({ listId, listName, state }: { listId: string; listName: string; state: ListSearch }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadTasksCsv(listId, listName, listTasksQuery(state))
      .catch((error: unknown) => notifications.show({ color: 'red', title: 'The CSV could not be made', message: errorMessage(error) }))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={download}>
      Export CSV
    </Button>
  );
}

/** The new tasks of this list still on the device: waiting to be sent, or refused when sent (to fix and send again, or discard). */
function KeptTasks({ kept, onFix }: { kept: RefusedTask[]; onFix: (id: string) => void }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="sm" mb="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} fz="sm" id={headingId}>
          Not sent yet
        </Title>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {kept.map(({ item, input }) => (
            <Group key={item.id} component="li" gap="xs" justify="space-between" data-testid="kept-task">
              <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {input.title || item.summary}
                </Text>
                {item.state === 'rejected' && item.message ? (
                  <Text fz="xs" c="red">
                    {item.message}
                  </Text>
                ) : null}
              </Stack>
              {item.state === 'rejected' ? (
                <Button size="xs" variant="light" color="red" onClick={() => onFix(item.id)}>
                  Fix and send again
                </Button>
              ) : (
                <Badge variant="light" color="blue" c="var(--mantine-color-text)" tt="none">
                  Waiting to send
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
