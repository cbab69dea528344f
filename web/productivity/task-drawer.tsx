import { Drawer } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useTask } from './productivity-calls.ts';
import { useProductivityLive } from './productivity-live.ts';

const loadDetails = importWithReload(() => import('./task-details.tsx'));
const TaskDetails = lazy(() => loadDetails().then((module) => ({ default: module.TaskDetails })));

/**
 * A task in a drawer, over the screen it was opened from (My tasks, a list): what it is, who has it,
 * when it is due, its checklist and comments (with @mentions), its watchers, and close or reopen. A
 * member edits it at the version they saw; a stale save says so and keeps what was typed. Someone it
 * was shared with reads it, comments and ticks its checklist.
 *
 * The details (task-details.tsx, with the rich-text editor after them) load with the first task
 * opened, beside the task's own read, so a screen of tasks opens without them (issue 13).
 */
export function TaskDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  // Rendered by every screen of tasks (my tasks, a list), drawer open or not: their answers follow others' changes live.
  useProductivityLive();
  const task = useTask(taskId);
  const opened = taskId !== null;
  useEffect(() => {
    if (opened) void loadDetails();
  }, [opened]);
  const loading = <LoadingState label="Loading the task…" />;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={task.data ? task.data.title : 'Task'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {task.isPending ? (
        loading
      ) : task.isError ? (
        <ErrorState message={errorMessage(task.error)} onRetry={() => void task.refetch()} />
      ) : (
        <Suspense fallback={loading}>
          <TaskDetails key={`${task.data.id}`} task={task.data} onReload={() => task.refetch()} reloading={task.isFetching} />
        </Suspense>
      )}
    </Drawer>
  );
}
