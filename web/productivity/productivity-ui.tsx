import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TASK_PRIORITY_LABELS, type TaskPriority, type TaskSummary } from '../../core/contracts/productivity.ts';
import { formatDate } from '../../core/dates.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { StatusBadge } from '../ui/status-badge.tsx';

/** The words and colours of a task's status and priority, drawn with the shared badge. */

const PRIORITY_COLORS: Record<TaskPriority, string> = { urgent: 'red', high: 'orange', normal: 'blue', low: 'gray' };

export function TaskStatusBadge({ label, color }: { label: string; color: string }) {
  return <StatusBadge color={color}>{label}</StatusBadge>;
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <StatusBadge color={PRIORITY_COLORS[priority]} variant="outline">
      {TASK_PRIORITY_LABELS[priority]}
    </StatusBadge>
  );
}

/** A calendar date (YYYY-MM-DD) as the agency writes dates. */
export const calendarDate = (date: string) => formatDate(`${date}T12:00:00Z`, { timeZone: 'UTC' });

/** "Due 3 Dec 2026 09:00", or nothing without a due date. */
export function dueText(task: Pick<TaskSummary, 'due_on' | 'due_time'>): string {
  if (!task.due_on) return '';
  return `${calendarDate(task.due_on)}${task.due_time ? ` ${task.due_time}` : ''}`;
}

export function Dimmed({ children }: { children: string }) {
  return (
    <Text c="dimmed" fz="sm">
      {children}
    </Text>
  );
}

/** A refusal as a form shows it: the server's messages beside their fields, else one message for the form. */
export function refusalOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  const fields = isApiError(error) ? { ...error.fields } : {};
  return { fields, message: Object.keys(fields).length > 0 ? null : errorMessage(error) };
}

/** A form that checks and sends on submit, the browser's own checks off (the contract's schema says what is wrong). */
export function PlainForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A form's submit button, and "Saved" beside it once the last save went through. */
export function SaveButton({ label, saving, saved }: { label: string; saving: boolean; saved: boolean }) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={saving}>
        {label}
      </Button>
      {saved ? (
        <Text fz="sm" role="status">
          Saved
        </Text>
      ) : null}
    </Group>
  );
}
