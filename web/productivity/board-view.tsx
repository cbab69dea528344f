import {
  DndContext,
  KeyboardSensor,
  pointerWithin,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { ActionIcon, Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import type { Space, SpaceStatus, TaskSummary } from '../../core/contracts/productivity.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useListTasks, useUpdateTask } from './productivity-calls.ts';
import { dueText, PriorityBadge } from './productivity-ui.tsx';

/** The board reads a list's first 200 tasks, open and closed: the API's largest page. */
const BOARD_PAGE = 200;

/**
 * Keyboard moves jump a whole column: right or down to the next status, left or up to the one before,
 * in the order the columns are laid out (side by side, or one under the other on a phone).
 */
export const columnJump: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const forward = event.code === 'ArrowRight' || event.code === 'ArrowDown';
  const back = event.code === 'ArrowLeft' || event.code === 'ArrowUp';
  if (!forward && !back) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.top - b.top || a.left - b.left);
  const here = context.over?.id ?? context.active?.data.current?.status;
  const index = columns.findIndex(([id]) => id === here);
  const target = columns[Math.min(columns.length - 1, Math.max(0, index + (forward ? 1 : -1)))];
  if (!target) return currentCoordinates;
  const [, rect] = target;
  return { x: rect.left + 4, y: rect.top + 4 };
};

/** A drag drops on the column under the pointer; a keyboard move (no pointer) on the column the card covers most. */
const columnUnder: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

/**
 * A list as a board: a column per status of the space's workflow, each task a card. A card moves by
 * dragging it to another column, or by keyboard (its handle, Space, the arrow keys, Space to drop);
 * each move is a change of status at the version the board read, announced to screen readers.
 */
export function BoardView({ listId, space, onOpen }: { listId: string; space: Space; onOpen: (taskId: string) => void }) {
  const tasks = useListTasks(listId, { page: 1, page_size: BOARD_PAGE, sort: 'position', order: 'asc', include_closed: 'true' });
  const update = useUpdateTask();
  const [moved, setMoved] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnJump }),
  );
  if (tasks.isPending) return <LoadingState label="Loading the board…" />;
  if (tasks.isError) return <ErrorState message={errorMessage(tasks.error)} onRetry={() => void tasks.refetch()} />;

  const items = tasks.data.items.map((task) => ({ ...task, status: moved.get(task.id) ?? task.status }));
  const byId = new Map(items.map((task) => [task.id, task]));
  const label = (id: unknown) => space.statuses.find((status) => status.key === id)?.label ?? String(id);
  const title = (id: unknown) => byId.get(String(id))?.title ?? 'The task';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${title(active.id)}, in ${label(byId.get(String(active.id))?.status)}. Use the arrow keys to move it to another column, Space to drop it there, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${title(active.id)} is over ${label(over.id)}.` : `${title(active.id)} is over no column.`),
    onDragEnd: ({ active, over }) => (over ? `${title(active.id)} was moved to ${label(over.id)}.` : `${title(active.id)} was put back.`),
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled; it stays where it was.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const task = byId.get(String(active.id));
    if (!task || !over || over.id === task.status) return;
    const status = String(over.id);
    setError(null);
    setMoved((current) => new Map(current).set(task.id, status));
    update.mutate(
      { id: task.id, body: { status }, version: task.version },
      {
        onError: (failure) => setError(`${task.title} was not moved: ${errorMessage(failure)}`),
        onSettled: () =>
          setMoved((current) => {
            const next = new Map(current);
            next.delete(task.id);
            return next;
          }),
      },
    );
  };

  return (
    <Stack gap="sm" miw={0}>
      <FormErrorAlert message={error} />
      {tasks.data.total > BOARD_PAGE ? (
        <Text fz="sm">
          The board shows the first {BOARD_PAGE} of {tasks.data.total} tasks; the table shows them all.
        </Text>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={columnUnder}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a task, press Space on its handle, then the arrow keys to choose a column, and Space again to drop it. Escape cancels.',
          },
        }}
      >
        <Box
          data-testid="board"
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
          }}
        >
          {space.statuses.map((status) => (
            <Column key={status.key} status={status} tasks={items.filter((task) => task.status === status.key)} onOpen={onOpen} />
          ))}
        </Box>
      </DndContext>
    </Stack>
  );
}

function Column({ status, tasks, onOpen }: { status: SpaceStatus; tasks: TaskSummary[]; onOpen: (taskId: string) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: status.key });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      component="section"
      aria-labelledby={`column-${status.key}`}
      data-testid={`column-${status.key}`}
      bg={isOver ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ borderTop: `4px solid ${status.color}`, minHeight: '8rem' }}
    >
      <Title order={2} fz="md" id={`column-${status.key}`} mb="xs">
        {status.label} ({tasks.length})
      </Title>
      <Stack gap="xs">
        {tasks.map((task) => (
          <BoardCard key={task.id} task={task} onOpen={onOpen} />
        ))}
      </Stack>
    </Card>
  );
}

function BoardCard({ task, onOpen }: { task: TaskSummary; onOpen: (taskId: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id, data: { status: task.status } });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      data-testid="board-card"
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move ${task.title}`}
          {...attributes}
          {...listeners}
          style={{ touchAction: 'none' }}
        >
          <IconGripVertical aria-hidden size={16} />
        </ActionIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor
            component="button"
            type="button"
            ta="left"
            fw={600}
            fz="sm"
            onClick={() => onOpen(task.id)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.title}
          </Anchor>
          <Group gap={6} wrap="wrap">
            <PriorityBadge priority={task.priority} />
            {task.due_on ? <Text fz="xs">Due {dueText(task)}</Text> : null}
          </Group>
          {task.assignees.length ? (
            <Text fz="xs" c="dimmed">
              {task.assignees.map((p) => p.name).join(', ')}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
