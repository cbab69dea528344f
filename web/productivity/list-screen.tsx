import { Anchor, Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { Space, TaskSummary } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import { listControls, ListView, type ListColumn } from '../lib/list-view.tsx';
import { SearchBox } from '../lib/search-box.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { ModulePage } from '../ui/module-page.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { BoardView } from './board-view.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { CreateTaskModal } from './create-task-modal.tsx';
import { useListTasks, useSpace, useTaskList, useUpdateTask } from './productivity-calls.ts';
import { listTasksQuery, type ListSearch } from './productivity-search.ts';
import { dueText, PriorityBadge } from './productivity-ui.tsx';
import { TaskDrawer } from './task-drawer.tsx';

type Sort = ListSearch['sort'];

/**
 * /productivity/list/{list}: the list's tasks as a table (sorted, filtered by status, assignee and
 * label, grouped by status, a page at a time; the status changed in its row; rows selected for a bulk
 * change or for print) or as a board (a column per status of the space's workflow). A task opens in a
 * drawer; its id is in the URL.
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
  const [selected, setSelected] = useState<ReadonlyMap<string, TaskSummary>>(new Map());
  const toggle = (task: TaskSummary, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(task.id, task);
      else next.delete(task.id);
      return next;
    });
  const statusOf = (key: string) => space.statuses.find((status) => status.key === key);
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
          <Button onClick={() => setCreating(true)}>New task</Button>
        </>
      }
    >
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
          <TaskTable listId={listId} space={space} state={state} go={go} selected={selected} toggle={toggle} statusOf={statusOf} />
        </Stack>
      )}
      <CreateTaskModal opened={creating} onClose={() => setCreating(false)} listId={listId} space={space} />
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
        label="Group"
        data={[
          { value: 'none', label: 'No grouping' },
          { value: 'status', label: 'By status' },
        ]}
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
  statusOf: (key: string) => Space['statuses'][number] | undefined;
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
  const groups = tasks.data?.groups ?? [];
  return (
    <Stack gap="xs" miw={0}>
      <FormErrorAlert message={error} />
      {state.group === 'status' && groups.length > 0 ? (
        <Text fz="sm" role="status">
          {groups.map((group) => `${props.statusOf(group.key)?.label ?? group.label}: ${group.count}`).join(' · ')}
        </Text>
      ) : null}
      <ListView
        label="Tasks"
        query={tasks}
        columns={columns}
        rowKey={(task) => task.id}
        rowTestId="task-row"
        loadingLabel="Loading the tasks…"
        empty={{ title: 'No tasks here', children: 'Add a task with New task, or change the filters.' }}
        minWidth={860}
        {...listControls(state, go)}
      />
    </Stack>
  );
}
