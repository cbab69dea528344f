import { Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { productivityApi, TASK_PRIORITY_LABELS, type Task } from '../../core/contracts/productivity.ts';
import { callEndpoint, queryKey } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { dueText } from './productivity-ui.tsx';

/**
 * /productivity/print/task/{task_id}: a task on paper; with `more` (the other tasks selected in a list),
 * one task a page. Printing starts by itself once every task is loaded.
 */
export function PrintScreen() {
  const { task_id: first } = useParams({ from: '/_empty/productivity/print/task/$task_id' });
  const { more } = useSearch({ from: '/_empty/productivity/print/task/$task_id' });
  const ids = [first, ...(more ? more.split(',') : [])];
  const tasks = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKey(productivityApi.getTask, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(productivityApi.getTask, { params: { id }, signal }),
    })),
  });
  usePageTitle(tasks.length === 1 && tasks[0]?.data ? tasks[0].data.title : 'Tasks');
  const ready = tasks.every((task) => task.data);
  useEffect(() => {
    if (!ready || navigator.webdriver) return;
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [ready]);
  const failed = tasks.find((task) => task.isError);
  if (failed) return <ErrorState message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />;
  if (!ready) return <LoadingState label="Loading the tasks…" />;
  return (
    <Stack gap="xl" p="md" maw={900} mx="auto">
      {tasks.map((task, index) => (task.data ? <PrintedTask key={task.data.id} task={task.data} first={index === 0} /> : null))}
    </Stack>
  );
}

function PrintedTask({ task, first }: { task: Task; first: boolean }) {
  const status = task.statuses.find((s) => s.key === task.status)?.label ?? task.status;
  return (
    <Stack gap="sm" component="article" data-testid="printed-task" style={{ breakBefore: first ? 'auto' : 'page' }}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="xl">
            {task.title}
          </Title>
          <Text fz="sm">
            {task.space_name} · {task.list_name}
          </Text>
        </div>
        <Text fz="sm" ta="right">
          {status} · {TASK_PRIORITY_LABELS[task.priority]} priority
        </Text>
      </Group>
      <Text fz="sm">Assigned to {task.assignees.map((p) => p.name).join(', ') || 'nobody'}</Text>
      {task.due_on ? <Text fz="sm">Due {dueText(task)}</Text> : null}
      {task.labels.length ? <Text fz="sm">Labels: {task.labels.join(', ')}</Text> : null}
      {task.description ? <div dangerouslySetInnerHTML={{ __html: task.description }} /> : null}
      {task.checklist.length ? (
        <>
          <Title order={2} fz="md">
            Checklist
          </Title>
          <List size="sm">
            {task.checklist.map((item) => (
              <List.Item key={item.id}>
                {item.done ? '☑' : '☐'} {item.text}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
